// Nothing but a link: tests/CMakeLists.txt links each layer of the library alone into this program.
int main() { return 0; }
