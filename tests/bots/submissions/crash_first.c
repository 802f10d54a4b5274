/* Compiles, and crashes at its first turn (a null pointer written). */
#include <stdio.h>

int main(void) {
  char line[512];
  if (fgets(line, sizeof line, stdin) == NULL) return 0;
  fprintf(stderr, "crash_first: about to fail\n");
  *(volatile int *)0 = 1;
  return 0;
}
