// Placeholder so the mj_cli target has a source on the io branch; the real CLI replaces it.
int main() { return 0; }
