// A player run once per move that fills its folder: it writes files of 16 MiB until one fails (at
// most 8, 128 MiB: where the folder is not bounded it stops there) and answers `wrote N MiB`, N
// the MiB of the files it wrote whole. Its folder, a tmpfs of 64 MiB as root, holds three.
#include <fstream>
#include <string>
#include <vector>

int main() {
  const std::vector<char> block(16 << 20, 'x');
  int whole = 0;
  for (; whole < 8; ++whole) {
    const std::string name = "fill" + std::to_string(whole);
    std::ofstream out(name, std::ios::binary);
    out.write(block.data(), static_cast<std::streamsize>(block.size()));
    out.close();
    if (!out) {
      std::remove(name.c_str());  // room for the answer
      break;
    }
  }
  std::ofstream("SPEL.UIT") << "wrote " << whole * 16 << " MiB\n";
  return 0;
}
