// mj::Model: the run's step limit, status, pictures, files and names, and the checks of what a caller
// gives, decided once for every face.
#include "mj/model.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "mj/debugger.hpp"
#include "mj/failure.hpp"
#include "mj/files.hpp"
#include "mj/outputs.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

// Fills a grid with W one cell per step.
constexpr const char* kFill = R"(<one values="BW" in="B" out="W"/>)";

// The steps the model's run takes to its end, as the interpreter alone counts them.
int steps_to_the_end(const mj::Model& model, int seed) {
  mj::Interpreter alone = load_model(model.settings());
  return alone.run(seed, 0);
}

mj::RunRequest text_request(const std::string& xml, std::vector<int> sides = {4, 3}) {
  mj::RunRequest r;
  r.model = "Fill";
  r.xml = xml;
  mj::set_sides(r, sides);
  return r;
}

TEST(Model, RunsToTheSettingsLimitOrTheOneGiven) {
  mj::RunRequest r = text_request(kFill);
  r.steps = 5;
  mj::Model model(r);
  EXPECT_TRUE(model.status().finished);  // nothing to step before a start: every face's "finished"
  EXPECT_FALSE(model.status().ended);
  EXPECT_EQ(model.run(1), mj::RunEnd::step_limit);
  mj::RunStatus s = model.status();
  EXPECT_EQ(s.steps, 5);
  EXPECT_TRUE(s.at_step_limit);
  EXPECT_FALSE(s.ended);
  EXPECT_FALSE(s.finished);
  EXPECT_EQ(s.step_limit, 5);
  ASSERT_TRUE(s.node);
  EXPECT_EQ(s.node->kind, "one");

  EXPECT_EQ(model.run(1, 0), mj::RunEnd::finished);  // 0: no limit
  s = model.status();
  EXPECT_EQ(s.steps, steps_to_the_end(model, 1));
  EXPECT_GT(s.steps, 5);
  EXPECT_TRUE(s.ended);
  EXPECT_TRUE(s.finished);
  EXPECT_FALSE(s.at_step_limit);
  EXPECT_FALSE(s.node);
}

TEST(Model, ARunGivenNoSeedRunsTheEntrysFirstSeedAsMjRunDoes) {
  // GrowthMaze's entry in models/demo.xml lists seeds="7"; a model alone runs kDefaultSeed.
  mj::RunRequest r;
  r.model = (std::filesystem::path(MJ_SOURCE_DIR) / "models" / "GrowthMaze.xml").string();
  r.size = 15;
  mj::Model listed(r);
  ASSERT_EQ(listed.settings().seed, 7);
  listed.run();
  EXPECT_EQ(listed.status().seed, 7);
  const std::vector<uint8_t> unseeded(listed.grid().cells, listed.grid().cells + listed.grid().size());
  listed.run(7);
  EXPECT_EQ(std::vector<uint8_t>(listed.grid().cells, listed.grid().cells + listed.grid().size()), unseeded);
  listed.start();
  EXPECT_EQ(listed.status().seed, 7);
  mj::Model alone(text_request(kFill));
  alone.start();
  EXPECT_EQ(alone.status().seed, mj::kDefaultSeed);
}

TEST(Model, StepsNeverPassTheLimit) {
  mj::RunRequest r = text_request(kFill);
  r.steps = 7;
  mj::Model model(r);
  EXPECT_EQ(mjtest::expect_error([&] { model.step(1); }).kind(), mj::ErrorKind::argument);  // before a start
  model.start(3);
  EXPECT_EQ(model.step(4), 4);
  EXPECT_EQ(model.step(10), 3);
  EXPECT_TRUE(model.status().at_step_limit);
  EXPECT_EQ(model.step(1), 0);
  EXPECT_EQ(mjtest::expect_error([&] { model.step(-1); }).kind(), mj::ErrorKind::argument);
  model.start(3, 0);
  EXPECT_EQ(model.step(100), steps_to_the_end(model, 3));
  EXPECT_TRUE(model.status().ended);
}

TEST(Model, AdvanceStopsAtTheCallersStepsWithinTheLimit) {
  mj::RunRequest r = text_request(kFill);
  r.steps = 7;
  mj::Model model(r);
  model.start(2);
  mj::RunControl control;
  control.max_steps = 3;  // a page's steps per frame
  EXPECT_EQ(model.advance(control), mj::RunEnd::step_limit);
  EXPECT_EQ(model.status().steps, 3);
  EXPECT_FALSE(model.status().at_step_limit);
  control.max_steps = 10;  // past the run's limit: the limit holds
  EXPECT_EQ(model.advance(control), mj::RunEnd::step_limit);
  EXPECT_EQ(model.status().steps, 7);
  EXPECT_TRUE(model.status().at_step_limit);
}

TEST(Model, StepsAndRunGiveTheSameGrid) {
  mj::Model a(text_request(kFill, {9, 7})), b(text_request(kFill, {9, 7}));
  a.run(42, 30);
  b.start(42, 30);
  while (b.step(4) > 0) {
  }
  EXPECT_EQ(a.snapshot().state_text(), b.snapshot().state_text());
  EXPECT_EQ(b.status().steps, 30);
}

TEST(Model, ImageIsRgbaInTheSettingsColours) {
  mj::RunRequest r = text_request(kFill, {2, 1});
  r.colors["W"] = 0x102030;
  r.pixelsize = 3;
  mj::Model model(r);
  model.run(1);
  const mj::RgbaImage image = model.snapshot().image();
  EXPECT_EQ(image.width, 6);
  EXPECT_EQ(image.height, 3);
  ASSERT_EQ(image.rgba.size(), 6u * 3 * 4);
  EXPECT_EQ(image.rgba[0], 0x10);
  EXPECT_EQ(image.rgba[1], 0x20);
  EXPECT_EQ(image.rgba[2], 0x30);
  EXPECT_EQ(image.rgba[3], 0xFF);
  EXPECT_EQ(model.snapshot().image(1).width, 2);
  EXPECT_EQ(mjtest::expect_error([&] { model.snapshot().image(65); }).kind(), mj::ErrorKind::argument);
  EXPECT_EQ(model.snapshot().colors(), (std::vector<uint32_t>{model.settings().palette.at('B'), 0xFF102030u}));
}

TEST(Model, A3DGridIsDrawnIsometric) {
  mj::Model model(text_request(kFill, {3, 3, 3}));
  model.run(1);
  const mj::RgbaImage image = model.snapshot().image(2);
  EXPECT_GT(image.width, 0);
  EXPECT_EQ(image.rgba.size(), size_t(image.width) * size_t(image.height) * 4);
}

TEST(Model, SavesByExtension) {
  const auto dir = mjtest::temp_dir();
  mj::Model model(text_request(kFill));
  model.run(5);
  for (const char* name : {"a.png", "a.vox", "a.glb", "a.tmj", "a.gif", "a.txt"}) {
    mj::save(model, dir / name);
    EXPECT_TRUE(std::filesystem::file_size(dir / name) > 0) << name;
  }
  EXPECT_EQ(mjtest::read_bytes(dir / "a.txt"), model.snapshot().state_text());
  const int steps = steps_to_the_end(model, 5);
  EXPECT_TRUE(mjtest::contains(model.snapshot().state_text(), "Fill 4 3 1 5 " + std::to_string(steps)));
  EXPECT_EQ(model.status().steps, steps);  // the GIF ran the run again to where it stood
  mj::Error e = mjtest::expect_error([&] { mj::save(model, dir / "a.bmp"); });
  EXPECT_EQ(e.kind(), mj::ErrorKind::argument);
  EXPECT_TRUE(mjtest::contains(e.message(), ".txt")) << e.message();
  mj::SaveOptions as_state;
  as_state.format = mj::GridFormat::state;
  mj::save(model, dir / "state", as_state);
  EXPECT_EQ(mjtest::read_bytes(dir / "state"), model.snapshot().state_text());
}

// A grid kept apart from its Model (as Python's Result keeps it) is drawn and written as the Model would,
// whatever the Model runs meanwhile.
TEST(Model, ASnapshotIsDrawnAndWrittenAsItsModelDoes) {
  const auto dir = mjtest::temp_dir();
  mj::Model model(text_request(kFill));
  model.run(2, 5);
  const mj::Snapshot kept = model.snapshot();
  EXPECT_EQ(kept.seed, 2);
  EXPECT_EQ(kept.step, 5);
  model.run(9);  // another run: the snapshot keeps its own cells
  model.run(2, 5);
  EXPECT_EQ(kept.image(3).rgba, model.snapshot().image(3).rgba);
  EXPECT_EQ(kept.colors(), model.snapshot().colors());
  EXPECT_EQ(kept.state_text(), model.snapshot().state_text());
  for (const char* name : {"a.png", "a.vox", "a.glb", "a.txt"}) {
    kept.save(dir / ("kept-" + std::string(name)));
    mj::save(model, dir / name);
    EXPECT_EQ(mjtest::read_bytes(dir / ("kept-" + std::string(name))), mjtest::read_bytes(dir / name)) << name;
  }
  const mj::Error e = mjtest::expect_error([&] { kept.save(dir / "a.gif"); });
  EXPECT_EQ(e.kind(), mj::ErrorKind::argument);
  EXPECT_FALSE(std::filesystem::exists(dir / "a.gif"));
}

// back(n) takes the run back n steps exactly: the grid and the steps after it are the run's own.
TEST(Model, BackGoesBackStepsExactly) {
  mj::Model model(text_request(kFill));
  model.start(4, 0);
  model.step(3);
  const std::string at3 = model.snapshot().state_text();
  model.step(4);
  const std::string at7 = model.snapshot().state_text();
  mj::Debugger(model).back(4);
  EXPECT_EQ(model.status().steps, 3);
  EXPECT_EQ(model.snapshot().state_text(), at3);
  model.step(4);
  EXPECT_EQ(model.snapshot().state_text(), at7);
  mj::Debugger(model).back(100);  // no further than the start
  EXPECT_EQ(model.status().steps, 0);
  EXPECT_EQ(mjtest::expect_error([&] { mj::Debugger(model).back(-1); }).kind(), mj::ErrorKind::argument);
  mj::Model fresh(text_request(kFill));
  EXPECT_EQ(mjtest::expect_error([&] { mj::Debugger(fresh).back(); }).kind(), mj::ErrorKind::argument);
}

// replay_to stands a Model at a step of a run, going on forward when it can, starting over when it must.
TEST(Model, ReplayToStandsAtAStepOfTheRun) {
  mj::Model live(text_request(kFill));
  live.start(6, 0);
  live.step(9);
  const std::string at9 = live.snapshot().state_text();
  live.step(3);
  const std::string at12 = live.snapshot().state_text();
  mj::Model past(text_request(kFill));
  mj::Debugger(past).replay_to(6, {}, 12, 0);
  EXPECT_EQ(past.snapshot().state_text(), at12);
  mj::Debugger(past).replay_to(6, {}, 9, 0);  // back: the run again
  EXPECT_EQ(past.snapshot().state_text(), at9);
  mj::Debugger(past).replay_to(6, {}, 12, 0);  // forward from step 9
  EXPECT_EQ(past.snapshot().state_text(), at12);
}

// save_run records a run as a GIF under a control: stopped, it leaves no file.
TEST(Model, SaveRunIsStoppedByItsControlAndLeavesNoFile) {
  const auto dir = mjtest::temp_dir();
  mj::Model model(text_request(kFill));
  mj::RunControl control;
  control.interval = std::chrono::milliseconds(0);
  control.progress = [] { return false; };
  EXPECT_EQ(mj::save_run(model, dir / "a.gif", 1, 0, {}, control), mj::RunEnd::stopped);
  EXPECT_FALSE(std::filesystem::exists(dir / "a.gif"));
  EXPECT_EQ(mj::save_run(model, dir / "a.gif", 1, 4), mj::RunEnd::step_limit);
  EXPECT_TRUE(std::filesystem::exists(dir / "a.gif"));
  EXPECT_EQ(model.status().steps, 4);
}

// A GIF that cannot be written leaves the run's own step limit in place.
TEST(Model, AFailedGifKeepsTheStepLimit) {
  const auto dir = mjtest::temp_dir();
  mjtest::write(dir / "file", "not a folder");
  mj::Model model(text_request(kFill));
  model.start(1, 10);
  model.step(2);
  mjtest::expect_error([&] { mj::save(model, dir / "file" / "a.gif"); });
  EXPECT_EQ(model.status().step_limit, 10);
  EXPECT_EQ(model.status().steps, 2);
  model.start(1, 10);  // at the start, a GIF refused before it runs leaves the run where it stands
  mj::SaveOptions never;
  never.every = 0;
  mjtest::expect_error([&] { mj::save(model, dir / "a.gif", never); });
  EXPECT_EQ(model.status().step_limit, 10);
  EXPECT_EQ(model.status().steps, 0);
}

// The whole record of a run, saved as a GIF, is that run's GIF; an unrecorded run has none to save.
TEST(Model, SaveRecordOfAWholeRunIsItsGif) {
  const auto dir = mjtest::temp_dir();
  mj::Model model(text_request(kFill));
  mj::SaveOptions every2;
  every2.every = 2;
  EXPECT_EQ(mjtest::expect_error([&] { mj::Debugger(model).save_record(dir / "none.gif", {}, {}); }).kind(),
            mj::ErrorKind::argument);
  mj::Debugger(model).set_recording(true, 1 << 20);
  model.run(3);
  mj::Debugger(model).save_record(dir / "record.gif", {}, {}, every2);
  mj::save_run(model, dir / "run.gif", 3, {}, every2);
  EXPECT_EQ(mjtest::read_bytes(dir / "record.gif"), mjtest::read_bytes(dir / "run.gif"));
  every2.every = 0;
  EXPECT_EQ(mjtest::expect_error([&] { mj::Debugger(model).save_record(dir / "bad.gif", {}, {}, every2); }).kind(),
            mj::ErrorKind::argument);
}

TEST(Model, APictureIsNamedNameSeedMadeSafe) {
  const auto dir = mjtest::temp_dir();
  mj::RunRequest r = text_request(kFill);
  r.model = "a b/../c";
  mj::Model model(r);
  model.run(-7);
  EXPECT_EQ(model.snapshot().output_stem(), "c_-7");
  EXPECT_EQ(mj::safe_name("x y:z"), "x_y_z");
  EXPECT_EQ(mj::safe_name(".hidden"), "_.hidden");
  EXPECT_EQ(mj::output_stem("..", 3), "_.._3");
  EXPECT_EQ(model.snapshot().save_picture(dir / "out"), dir / "out" / "c_-7.png");
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "c_-7.png"));
  EXPECT_TRUE(mjtest::contains(mj::run_summary(model, "x.png"), "c seed -7"));
}

TEST(Model, StatusShowsTheRecordAndTheSearch) {
  mj::Model model(text_request(kFill));
  EXPECT_FALSE(model.status().started);
  mj::Debugger(model).set_recording(true);
  model.run(1);
  mj::RunStatus s = model.status();
  EXPECT_TRUE(s.started);
  EXPECT_TRUE(s.recording);
  EXPECT_EQ(s.history_first, 0);
  EXPECT_EQ(s.history_last, steps_to_the_end(model, 1));
  EXPECT_FALSE(s.search);
}

TEST(Model, BadArgumentsAreRefusedOnceWithAKind) {
  auto refused = [](mj::RunRequest r, mj::Setting setting) {
    mj::Error e = mjtest::expect_error([&] { mj::Model m(r); });
    EXPECT_EQ(e.kind(), mj::ErrorKind::argument) << e.what();
    EXPECT_EQ(e.setting(), setting) << e.what();
    return e.message();
  };
  mj::RunRequest r = text_request(kFill);
  r.steps = -5;
  EXPECT_EQ(refused(r, mj::Setting::steps),
            "RunControl::max_steps must be 0 (no limit) or a positive number of steps, got -5");
  r = text_request(kFill), r.pixelsize = 65;
  EXPECT_EQ(refused(r, mj::Setting::pixelsize), "RenderOptions::pixelsize must be from 1 to 64 pixels, got 65");
  r = text_request(kFill), r.pixelsize = 0;
  refused(r, mj::Setting::pixelsize);
  r = text_request(kFill), r.width = 0;
  refused(r, mj::Setting::size);
  r = text_request(kFill), r.colors["Q"] = 0;
  EXPECT_TRUE(mjtest::contains(refused(r, mj::Setting::none), "'Q'"));
  EXPECT_EQ(mjtest::expect_error([] { mj::worker_count(0); }).setting(), mj::Setting::workers);
  EXPECT_EQ(mj::worker_count(3), 3);
  EXPECT_GE(mj::worker_count(std::nullopt), 1);
  EXPECT_EQ(mjtest::expect_error([] { text_request(kFill, {1, 2, 3, 4}); }).kind(), mj::ErrorKind::argument);
}

TEST(Model, TwoSidesAreA2DGrid) {
  mj::RunRequest r = text_request(R"(<one values="BW" in="B B" out="W W"/>)", {5, 6});  // 3D rules
  EXPECT_EQ(r.dimension, 2);
  r = text_request(kFill, {5});
  const mj::RunSettings s = mj::resolve_run(r);
  EXPECT_EQ(s.load.mx, 5);
  EXPECT_EQ(s.load.my, 5);
  EXPECT_EQ(s.load.mz, 1);
}

TEST(Failure, EveryExceptionBecomesOneFailure) {
  const mj::SettingNames names{"--size",      "--steps",     "--seed", "--pixelsize",
                               "--max-cells", "--resources", "-j",     "--max-states"};
  auto of = [&](auto thrown) { return mj::failure_of(std::make_exception_ptr(thrown), names); };
  mj::Failure f = of(mj::argument_error("{setting} must be at least 1", mj::Setting::workers));
  EXPECT_EQ(f.kind, mj::ErrorKind::argument);
  EXPECT_EQ(f.message, "-j must be at least 1");
  EXPECT_EQ(f.text, "mj: -j must be at least 1");
  EXPECT_EQ(f.setting, mj::Setting::workers);
  f = of(mj::Error("m.xml", 3, "bad"));
  EXPECT_EQ(f.kind, mj::ErrorKind::model);
  EXPECT_EQ(f.text, "m.xml:3: bad");
  EXPECT_EQ(of(std::bad_alloc()).kind, mj::ErrorKind::memory);
  f = of(
      std::filesystem::filesystem_error("x", "/no/such", std::make_error_code(std::errc::no_such_file_or_directory)));
  EXPECT_EQ(f.kind, mj::ErrorKind::missing_file);
  EXPECT_EQ(f.file, "/no/such");
  EXPECT_EQ(of(std::logic_error("oops")).kind, mj::ErrorKind::internal);
  EXPECT_EQ(of(42).kind, mj::ErrorKind::internal);
  EXPECT_EQ(mj::error_kind_name(mj::ErrorKind::missing_file), "missing_file");
}

TEST(Failure, FilesSayWhetherTheyAreMissingOrUnwritable) {
  mj::RunRequest r;
  r.model = (mjtest::temp_dir() / "none.xml").string();
  EXPECT_EQ(mjtest::expect_error([&] { mj::Model m(r); }).kind(), mj::ErrorKind::missing_file);
  r.model = "NoSuchModelName";
  EXPECT_EQ(mjtest::expect_error([&] { mj::Model m(r); }).kind(), mj::ErrorKind::missing_file);
  mj::Model model(text_request(kFill));
  model.run(1);
  EXPECT_EQ(mjtest::expect_error([&] { mj::save(model, "/proc/x.png"); }).kind(), mj::ErrorKind::io);
}

// A sequence of two fills on 4x3: "next node" stops once the second runs next (the step in which the
// first finds nothing left is the second's first), then at the program's end, never past a step limit.
TEST(Model, NextNodeStopsWhereAnotherNodeRunsNext) {
  mj::Model model(text_request(R"(<sequence values="BWR">
  <one in="B" out="W"/>
  <one in="W" out="R"/>
</sequence>)"));
  model.start(1);
  ASSERT_EQ(model.status().node->line, 2);
  EXPECT_EQ(mj::Debugger(model).to_next_node(), mj::RunEnd::next_node);
  EXPECT_EQ(model.status().node->line, 3);
  const mj::GridView grid = model.grid();
  EXPECT_EQ(std::count(grid.cells, grid.cells + grid.size(), 2), 1);  // one R: the second has fired once
  EXPECT_EQ(std::count(grid.cells, grid.cells + grid.size(), 0), 0);  // no B left
  EXPECT_EQ(mj::Debugger(model).to_next_node(), mj::RunEnd::finished);
  EXPECT_EQ(model.status().steps, steps_to_the_end(model, 1));
  model.start(1, 5);
  EXPECT_EQ(mj::Debugger(model).to_next_node(), mj::RunEnd::step_limit);
  EXPECT_EQ(model.status().steps, 5);
  model.start(1);
  mj::RunControl control;
  control.interval = std::chrono::milliseconds(0);
  control.progress = [&model] { return model.status().steps < 3; };  // a node that runs on and on
  EXPECT_EQ(mj::Debugger(model).to_next_node(control), mj::RunEnd::stopped);
  EXPECT_EQ(model.status().steps, 3);
}

TEST(Model, NextNodeNeedsARun) {
  mj::Model model(text_request(kFill));
  EXPECT_THROW(mj::Debugger(model).to_next_node(), mj::Error);
}

}  // namespace
