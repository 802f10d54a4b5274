/* 4 GiB of initialised data: the object file alone is 4 GiB. */
char blob[1ULL << 32] = {1};
int main(void) { return blob[12345]; }
