/* The preprocessor reads /dev/zero: zero bytes without end. */
#include "/dev/zero"
int main(void) { return 0; }
