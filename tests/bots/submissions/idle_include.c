/* A compile that waits without working: the compiler reads its own standard output, a pipe that
   nobody else writes, and would sit there until the wall limit. */
#include "/proc/self/fd/1"
int main(void) { return 0; }
