/* Does not compile: a statement without its semicolon. */
int main(void) {
  int x = 1
  return x;
}
