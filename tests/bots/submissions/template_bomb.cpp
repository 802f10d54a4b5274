// Every level instantiates two of the level below with distinct arguments (K stays below a
// prime, so nothing overflows): about 2^N classes, more than any compile's time or memory allows.
template <int N, int K>
struct Bomb {
  static constexpr long value = Bomb<N - 1, (2 * K) % 1000003>::value + Bomb<N - 1, (2 * K + 1) % 1000003>::value;
};
template <int K>
struct Bomb<0, K> {
  static constexpr long value = K;
};
int main() { return static_cast<int>(Bomb<40, 1>::value & 1); }
