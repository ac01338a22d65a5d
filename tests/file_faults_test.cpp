// Files are written whole or not at all: a failed write names the file and the reason, and leaves
// nothing under the name (tests/fault_test.sh adds a full disk, a read-only folder and kill -9).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mj/files.hpp"
#include "mj/picture.hpp"
#include "test_util.hpp"

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const mj::Error& e) {
    return e.what();
  }
  return "";
}

size_t files_in(const std::filesystem::path& dir) {
  return size_t(std::distance(std::filesystem::directory_iterator(dir), {}));
}

TEST(FileFaults, AFolderWhereTheFileShouldBeIsNamed) {
  auto dir = mjtest::temp_dir();
  std::filesystem::create_directories(dir / "out.png");
  std::string e = error_of([&] { mj::save_file(dir / "out.png", "bytes"); });
  EXPECT_EQ(e, (dir / "out.png").string() + ": cannot write the file: Is a directory");
  EXPECT_EQ(files_in(dir), 1u);  // nothing left beside it
}

TEST(FileFaults, AFileWhereTheFolderShouldBeIsNamed) {
  auto dir = mjtest::temp_dir();
  mjtest::write(dir / "plain", "x");
  std::string e = error_of([&] { mj::save_file(dir / "plain" / "out.png", "bytes"); });
  EXPECT_EQ(e, (dir / "plain" / "out.png").string() + ": cannot create the file: Not a directory");
}

// A file's missing folders are made, as `--out DIR` makes its folder: `mj run --state DIR/x.txt` (every file a face
// writes goes through save_file or its writer) once failed with "No such file or directory".
TEST(FileFaults, AMissingFolderIsMade) {
  auto dir = mjtest::temp_dir();
  mj::save_file(dir / "new" / "deeper" / "x.txt", "bytes");
  EXPECT_EQ(mjtest::read_bytes(dir / "new" / "deeper" / "x.txt"), "bytes");
  EXPECT_EQ(files_in(dir / "new" / "deeper"), 1u);
}

TEST(FileFaults, AFileIsReplacedWhole) {
  auto dir = mjtest::temp_dir();
  mj::save_file(dir / "a.txt", "first, longer text");
  mj::save_file(dir / "a.txt", "second");
  EXPECT_EQ(mjtest::read_bytes(dir / "a.txt"), "second");
  EXPECT_EQ(files_in(dir), 1u);
}

// A link is written through to its file, and stays a link (a new file renamed over it would replace it).
TEST(FileFaults, ALinkIsWrittenThrough) {
  auto dir = mjtest::temp_dir();
  mjtest::write(dir / "target.txt", "old, longer text");
  std::filesystem::create_symlink("target.txt", dir / "link.txt");
  mj::save_file(dir / "link.txt", "new");
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "link.txt"));
  EXPECT_EQ(mjtest::read_bytes(dir / "target.txt"), "new");
  EXPECT_EQ(files_in(dir), 2u);
}

// A pipe (as /dev/stdout may be) gets the bytes and stays a pipe.
TEST(FileFaults, APipeIsWrittenThrough) {
  auto dir = mjtest::temp_dir();
  const std::filesystem::path fifo = dir / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);  // open first: the write then does not wait
  ASSERT_GE(reader, 0);
  mj::save_file(fifo, "bytes");
  char got[16] = {};
  EXPECT_EQ(::read(reader, got, sizeof got), 5);
  ::close(reader);
  EXPECT_EQ(std::string(got), "bytes");
  EXPECT_EQ(std::filesystem::status(fifo).type(), std::filesystem::file_type::fifo);
  EXPECT_EQ(files_in(dir), 1u);
}

TEST(FileFaults, PicturesThatFailLeaveNothing) {
  auto dir = mjtest::temp_dir();
  std::filesystem::create_directories(dir / "x.png");
  mj::Image image{2, 2, std::vector<uint32_t>(4, 0xFF000000)};
  EXPECT_NE(error_of([&] { mj::save_png(dir / "x.png", image); }).find("Is a directory"), std::string::npos);
  EXPECT_EQ(files_in(dir), 1u);
}

// The new files of a killed writer go; those of a living one (this process) stay.
TEST(FileFaults, StalePartialFilesAreRemoved) {
  auto dir = mjtest::temp_dir();
  pid_t gone = fork();
  if (gone == 0) _exit(0);
  waitpid(gone, nullptr, 0);
  const std::string dead = "a.png.partial-" + std::to_string(gone) + "-0";
  const std::string alive = "b.png.partial-" + std::to_string(getpid()) + "-0";
  for (const std::string& name : {dead, alive, std::string("c.png"), std::string("d.partial-x")})
    mjtest::write(dir / name, "x");
  EXPECT_EQ(mj::remove_stale_partials(dir), 1);
  EXPECT_FALSE(std::filesystem::exists(dir / dead));
  EXPECT_EQ(files_in(dir), 3u);
}

}  // namespace
