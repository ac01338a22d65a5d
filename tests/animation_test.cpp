// An animation of a run's record (mj/animation.hpp): the GIF of a whole run's record is the GIF mj run
// --gif writes for that run, byte for byte, with a frame every step or every few; part of a record
// gives its steps' frames; steps outside the record are refused.
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "mj/model.hpp"
#include "mj/picture.hpp"
#include "run/animation.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

struct Case {
  const char* model;
  int size, d, steps, every;
};

mj::Interpreter corpus_model(const Case& c) {
  const int mz = c.d == 3 ? c.size : 1;
  return mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / (std::string(c.model) + ".xml"),
                                    {c.size, c.size, mz, mjtest::corpus_dir() / "resources"});
}

// The frames a GIF file holds, as giflib reads them.
int gif_frames(const std::filesystem::path& file) {
  int error = 0;
  GifFileType* gif = DGifOpenFileName(file.c_str(), &error);
  if (!gif) return -1;
  const int frames = DGifSlurp(gif) == GIF_OK ? gif->ImageCount : -1;
  DGifCloseFile(gif, &error);
  return frames;
}

class RecordAnimation : public ::testing::TestWithParam<Case> {};

TEST_P(RecordAnimation, AWholeRecordIsTheRunsGif) {
  const Case& c = GetParam();
  const std::filesystem::path dir = mjtest::temp_dir();
  mj::AnimationOptions options;
  options.pixelsize = 2, options.every = c.every;
  mj::RunControl control;
  control.max_steps = c.steps;
  auto run = corpus_model(c);
  mj::write_animation(run, 5, control, mj::default_palette(), options, dir / "run.gif");

  auto recorded = corpus_model(c);
  recorded.set_animated(true);  // as write_animation draws a run
  recorded.set_recording(true);
  recorded.run(5, c.steps);
  ASSERT_EQ(recorded.steps(), run.steps());
  ASSERT_GE(recorded.steps(), 3);
  mj::write_animation(*recorded.history(), 0, recorded.steps(), mj::default_palette(), options, dir / "record.gif");
  EXPECT_EQ(gif_frames(dir / "run.gif"), (recorded.steps() + c.every - 1) / c.every + 1);
  EXPECT_TRUE(mjtest::read_bytes(dir / "record.gif") == mjtest::read_bytes(dir / "run.gif"))
      << "the record's GIF differs from the run's";
}

INSTANTIATE_TEST_SUITE_P(Corpus, RecordAnimation,
                         ::testing::Values(Case{"MazeGrowth", 15, 2, 0, 1}, Case{"MazeGrowth", 15, 2, 0, 4},
                                           Case{"WaveFlowers", 24, 2, 0, 1}, Case{"MazeMap", 12, 2, 0, 1},
                                           Case{"Knots3D", 6, 3, 0, 2}, Case{"GameOfLife", 12, 2, 9, 1}),
                         [](const auto& info) {
                           return std::string(info.param.model) + "_every" + std::to_string(info.param.every);
                         });

TEST(RecordAnimation, PartOfTheRecordAndStepsOutsideIt) {
  const Case c{"MazeGrowth", 15, 2, 0, 1};
  auto recorded = corpus_model(c);
  recorded.set_recording(true);
  recorded.run(5, 30);
  const std::filesystem::path dir = mjtest::temp_dir();
  mj::write_animation(*recorded.history(), 10, 30, mj::default_palette(), {}, dir / "part.gif");
  EXPECT_EQ(gif_frames(dir / "part.gif"), 21);
  EXPECT_THROW(mj::write_animation(*recorded.history(), 10, 31, mj::default_palette(), {}, dir / "past.gif"),
               mj::Error);
  EXPECT_THROW(mj::write_animation(*recorded.history(), 20, 10, mj::default_palette(), {}, dir / "back.gif"),
               mj::Error);
  EXPECT_FALSE(std::filesystem::exists(dir / "past.gif"));  // nothing half-written
  EXPECT_FALSE(std::filesystem::exists(dir / "back.gif"));
}

// Writing a run's GIF animates it, and leaves the interpreter as its caller had it: a page that
// animates every run still does afterwards, a library user's plain runs stay plain.
TEST(RunAnimation, LeavesAnimationAsItWas) {
  const Case c{"MazeGrowth", 15, 2, 0, 1};
  const std::filesystem::path dir = mjtest::temp_dir();
  for (const bool before : {false, true}) {
    auto run = corpus_model(c);
    run.set_animated(before);
    mj::write_animation(run, 5, {}, mj::default_palette(), {}, dir / "run.gif");
    EXPECT_EQ(run.animated(), before);
    EXPECT_GT(gif_frames(dir / "run.gif"), 2);
  }
}

// A frame every 0 steps is a value out of range, no file's fault: an argument error said as `mj: ...`
// (docs/errors.md), and no GIF is made.
TEST(RunAnimation, AFrameEveryZeroStepsIsAnArgumentError) {
  mj::RunRequest request;
  request.xml = R"(<one values="BW" in="B" out="W"/>)";
  request.size = 2;
  mj::Model model(request);
  mj::SaveOptions options;
  options.every = 0;
  const std::filesystem::path dir = mjtest::temp_dir();
  try {
    model.save_run(dir / "a.gif", 1, {}, options);
    ADD_FAILURE() << "no error";
  } catch (const mj::Error& e) {
    EXPECT_EQ(std::string(e.what()), "mj: a GIF has a frame every 1 or more steps, got 0");
    EXPECT_EQ(e.kind(), mj::ErrorKind::argument);
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "a.gif"));
}

// More frames than the bound is refused before the file is made, naming the `every` that fits (which
// then does); a killed writer's partial file of the same GIF goes when the GIF is written again.
TEST(RunAnimation, AFrameBoundAndAKilledWritersFile) {
  const Case c{"MazeGrowth", 15, 2, 0, 1};
  const std::filesystem::path dir = mjtest::temp_dir();
  mj::AnimationOptions options;
  options.max_frames = 10;
  auto run = corpus_model(c);
  std::string message;
  try {
    mj::write_animation(run, 5, {}, mj::default_palette(), options, dir / "run.gif");
  } catch (const mj::Error& e) {
    message = e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "run.gif"));
  const size_t at = message.find("frames, more than 10: a frame every ");
  ASSERT_NE(at, std::string::npos) << message;
  options.every = std::stoi(message.substr(at + std::string("frames, more than 10: a frame every ").size()));

  const pid_t killed = ::fork();  // a process id that is gone, as a killed writer's
  if (killed == 0) ::_exit(0);
  ::waitpid(killed, nullptr, 0);
  const std::filesystem::path left = dir / ("run.gif.partial-" + std::to_string(killed) + "-0");
  std::ofstream(left) << "half a GIF";
  mj::write_animation(run, 5, {}, mj::default_palette(), options, dir / "run.gif");
  const int frames = gif_frames(dir / "run.gif");
  EXPECT_GT(frames, 2);
  EXPECT_LE(frames, 10);
  EXPECT_FALSE(std::filesystem::exists(left));
}

}  // namespace
