// An animation of a run (mj::save_run) and of its record (mj::Debugger::save_record): the GIF of a whole run's record
// is the GIF mj run
// --gif writes for that run, byte for byte, with a frame every step or every few; part of a record
// gives its steps' frames; steps outside the record are refused.
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "mj/debugger.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "mj/picture.hpp"
#include "outputs/animation.hpp"
#include "test_util.hpp"

namespace {

struct Case {
  const char* model;
  int size, d, steps, every;
};

mj::Model corpus_model(const Case& c) {
  mj::RunRequest request;
  request.model = (mjtest::corpus_dir() / "models" / (std::string(c.model) + ".xml")).string();
  request.resources = mjtest::corpus_dir() / "resources";
  request.size = c.size;
  request.dimension = c.d;
  return mj::Model(request);
}

std::vector<uint8_t> cells(const mj::Model& model) {
  const mj::GridView g = model.grid();
  return {g.cells, g.cells + g.size()};
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
  mj::SaveOptions options;
  options.pixelsize = 2, options.every = c.every;
  auto run = corpus_model(c);
  mj::save_run(run, dir / "run.gif", 5, c.steps, options);

  auto recorded = corpus_model(c);
  mj::Debugger debugger(recorded);
  debugger.set_animated(true);  // as save_run draws a run
  debugger.set_recording(true);
  recorded.run(5, c.steps);
  const int steps = recorded.status().steps;
  ASSERT_EQ(steps, run.status().steps);
  ASSERT_GE(steps, 3);
  debugger.save_record(dir / "record.gif", 0, steps, options);
  EXPECT_EQ(gif_frames(dir / "run.gif"), (steps + c.every - 1) / c.every + 1);
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
  mj::Debugger debugger(recorded);
  debugger.set_recording(true);
  recorded.run(5, 30);
  const std::filesystem::path dir = mjtest::temp_dir();
  debugger.save_record(dir / "part.gif", 10, 30);
  EXPECT_EQ(gif_frames(dir / "part.gif"), 21);
  EXPECT_THROW(debugger.save_record(dir / "past.gif", 10, 31), mj::Error);
  EXPECT_THROW(debugger.save_record(dir / "back.gif", 20, 10), mj::Error);
  EXPECT_FALSE(std::filesystem::exists(dir / "past.gif"));  // nothing half-written
  EXPECT_FALSE(std::filesystem::exists(dir / "back.gif"));
}

// Writing a run's GIF animates it, and leaves the Model as its caller had it: a page that animates every
// run still does afterwards, a library user's plain runs stay plain. A wfc stopped mid-collapse shows it:
// animated, the cells it has decided; plain, its empty grid.
TEST(RunAnimation, LeavesAnimationAsItWas) {
  const Case c{"WaveFlowers", 24, 2, 0, 1};
  const int mid_collapse = 12;
  const std::filesystem::path dir = mjtest::temp_dir();
  std::vector<std::vector<uint8_t>> grids;
  for (const bool animated : {false, true}) {
    auto fresh = corpus_model(c);
    mj::Debugger(fresh).set_animated(animated);
    fresh.run(5, mid_collapse);
    auto run = corpus_model(c);
    mj::Debugger(run).set_animated(animated);
    mj::save_run(run, dir / "run.gif", 5, {});
    EXPECT_GT(gif_frames(dir / "run.gif"), 2);
    run.run(5, mid_collapse);
    EXPECT_EQ(cells(run), cells(fresh)) << (animated ? "animated" : "plain");
    grids.push_back(cells(fresh));
  }
  EXPECT_NE(grids[0], grids[1]) << "step " << mid_collapse << " is not mid-collapse";
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
    mj::save_run(model, dir / "a.gif", 1, {}, options);
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
    mj::write_animation(run, 5, {}, {}, options, dir / "run.gif");
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
  mj::write_animation(run, 5, {}, {}, options, dir / "run.gif");
  const int frames = gif_frames(dir / "run.gif");
  EXPECT_GT(frames, 2);
  EXPECT_LE(frames, 10);
  EXPECT_FALSE(std::filesystem::exists(left));
}

}  // namespace
