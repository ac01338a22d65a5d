// The C interface as a C caller meets it: statuses and the thread's last error, NULL arguments, ownership
// rules (pointers valid until the run changes), the decisions of mj::resolve_run, and runs that step, stop and
// go on. Linked against libmj.so like any other caller, through mj.h alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "mj/defaults.hpp"
#include "mj/mj.h"
#include "test_util.hpp"

namespace {

const char* kMaze = R"(<one values="BWA" origin="True" in="WBB" out="WAW"/>)";

mj_model* load_maze(int size) {
  mj_load_options o;
  mj_load_options_init(&o);
  o.size = size;
  o.name = "maze.xml";
  mj_model* m = nullptr;
  EXPECT_EQ(mj_model_load_xml(kMaze, &o, &m), MJ_OK) << mj_last_error_text();
  return m;
}

std::string state(mj_model* m) {
  const char* text = nullptr;
  EXPECT_EQ(mj_state_text(m, &text), MJ_OK);
  return text ? text : "";
}

TEST(CApi, LoadErrorsGiveFileLineAndMessage) {
  mj_load_options o;
  mj_load_options_init(&o);
  o.name = "broken.xml";
  mj_model* m = reinterpret_cast<mj_model*>(&o);  // overwritten with NULL on failure
  EXPECT_EQ(mj_model_load_xml("<one values=\"BW\" in=\"B\" out=\"W\">\n</two>", &o, &m), MJ_ERROR_MODEL);
  EXPECT_EQ(m, nullptr);
  EXPECT_EQ(mj_last_error_status(), MJ_ERROR_MODEL);
  EXPECT_STREQ(mj_last_error_file(), "broken.xml");
  EXPECT_EQ(mj_last_error_line(), 2);
  EXPECT_EQ(std::string(mj_last_error_text()), std::string("broken.xml:2: ") + mj_last_error_message());
  // A success leaves the last error as it was.
  mj_model* maze = load_maze(5);
  EXPECT_STREQ(mj_last_error_file(), "broken.xml");
  mj_model_free(maze);
}

TEST(CApi, NoticesHaveFileLineMessageAndTheLineMjRunPrints) {
  mj_load_options o;
  mj_load_options_init(&o);
  o.size = 5;
  o.name = "typo.xml";
  mj_model* m = nullptr;
  ASSERT_EQ(mj_model_load_xml("<one values=\"BW\" in=\"B\" out=\"W\">\n<rul/></one>", &o, &m), MJ_OK);
  ASSERT_EQ(mj_model_notice_count(m), 1);
  EXPECT_STREQ(mj_model_notice_file(m, 0), "typo.xml");
  EXPECT_EQ(mj_model_notice_line(m, 0), 2);
  EXPECT_STREQ(mj_model_notice_message(m, 0),
               "unknown element <rul> in <one>; did you mean <rule>? <one> reads: <field>, <observe>, <rule>");
  EXPECT_EQ(std::string(mj_model_notice_text(m, 0)),
            std::string("typo.xml:2: warning: ") + mj_model_notice_message(m, 0));
  // out of range or NULL: "" and 0, never a crash
  EXPECT_STREQ(mj_model_notice_text(m, 1), "");
  EXPECT_EQ(mj_model_notice_line(m, -1), 0);
  EXPECT_EQ(mj_model_notice_count(nullptr), 0);
  EXPECT_STREQ(mj_model_notice_file(nullptr, 0), "");
  EXPECT_EQ(mj_run(m, 1, MJ_STEPS_DEFAULT, nullptr, nullptr, nullptr), MJ_OK);  // the model runs
  mj_model_free(m);
  mj_model* maze = load_maze(5);
  EXPECT_EQ(mj_model_notice_count(maze), 0);
  mj_model_free(maze);
}

TEST(CApi, NullArgumentsAreArgumentErrors) {
  mj_grid g;
  EXPECT_EQ(mj_model_grid(nullptr, &g), MJ_ERROR_ARGUMENT);
  EXPECT_STREQ(mj_last_error_message(), "model is NULL");
  EXPECT_STREQ(mj_last_error_file(), "");
  EXPECT_EQ(mj_model_load(nullptr, nullptr, nullptr), MJ_ERROR_ARGUMENT);
  mj_model* m = nullptr;
  EXPECT_EQ(mj_model_load_xml(nullptr, nullptr, &m), MJ_ERROR_ARGUMENT);
  EXPECT_STREQ(mj_last_error_message(), "xml is NULL");
  EXPECT_EQ(mj_run(nullptr, 1, 0, nullptr, nullptr, nullptr), MJ_ERROR_ARGUMENT);
  EXPECT_EQ(mj_model_active_node(nullptr, nullptr, nullptr, nullptr), 0);
  mj_model_free(nullptr);
  mj_model_list_free(nullptr);
  EXPECT_EQ(mj_model_steps_taken(nullptr), 0);
}

TEST(CApi, StepBeforeStartIsAnArgumentError) {
  mj_model* m = load_maze(5);
  int taken = -1;
  EXPECT_EQ(mj_step(m, 1, &taken), MJ_ERROR_ARGUMENT);
  EXPECT_EQ(taken, 0);
  EXPECT_EQ(mj_advance(m, 0, nullptr, nullptr, nullptr), MJ_ERROR_ARGUMENT);
  mj_model_free(m);
}

// std::bad_alloc becomes a status too: a 2^60-cell grid (allowed by max_cells) cannot be allocated anywhere.
TEST(CApi, OutOfMemoryIsAStatus) {
  mj_load_options o;
  mj_load_options_init(&o);
  o.length = o.width = o.height = 1 << 20;
  o.max_cells = 1LL << 62;
  mj_model* m = nullptr;
  EXPECT_EQ(mj_model_load_xml(R"(<one values="BW" in="B" out="W"/>)", &o, &m), MJ_ERROR_MEMORY);
  EXPECT_STREQ(mj_last_error_message(), "out of memory");
  EXPECT_EQ(m, nullptr);
}

// Each thread reads its own last error, whatever the others fail with meanwhile.
TEST(CApi, LastErrorIsPerThread) {
  auto fail_as = [](const char* name, std::string& seen) {
    mj_load_options o;
    mj_load_options_init(&o);
    o.name = name;
    mj_model* m = nullptr;
    for (int i = 0; i < 200; i++) {
      mj_model_load_xml("<one values=\"BW\" in=\"BX\" out=\"WW\"/>", &o, &m);
      if (std::string(mj_last_error_file()) != name) seen = mj_last_error_file();
    }
  };
  std::string a_saw, b_saw;
  std::thread a(fail_as, "a.xml", std::ref(a_saw)), b(fail_as, "b.xml", std::ref(b_saw));
  a.join(), b.join();
  EXPECT_EQ(a_saw, "");
  EXPECT_EQ(b_saw, "");
}

TEST(CApi, RunsReadTheGrid) {
  mj_model* m = load_maze(15);
  EXPECT_STREQ(mj_model_name(m), "maze");
  EXPECT_EQ(mj_model_steps(m), 50000);  // the library's default limit
  mj_run_end end = MJ_STOPPED;
  ASSERT_EQ(mj_run(m, 1, MJ_STEPS_DEFAULT, nullptr, nullptr, &end), MJ_OK);
  EXPECT_EQ(end, MJ_FINISHED);
  EXPECT_EQ(mj_model_steps_taken(m), 49);
  EXPECT_EQ(mj_model_seed(m), 1);
  mj_grid g;
  ASSERT_EQ(mj_model_grid(m, &g), MJ_OK);
  EXPECT_EQ(g.mx * g.my * g.mz, 225);
  EXPECT_STREQ(g.legend, "BWA");
  int w = 0;
  for (int i = 0; i < 225; i++) w += g.legend[g.cells[i]] == 'W';
  EXPECT_EQ(w, 49);
  EXPECT_EQ(state(m).substr(0, 22), "maze 15 15 1 1 49\nBWA\n");
  mj_model_free(m);
}

// A run stopped by its callback goes on with mj_advance to the same end as a whole run; steps go one by one.
TEST(CApi, StopAdvanceAndStepGiveTheSameRun) {
  mj_model* m = load_maze(15);
  ASSERT_EQ(mj_run(m, 3, 0, nullptr, nullptr, nullptr), MJ_OK);
  const std::string whole = state(m);
  ASSERT_EQ(mj_model_set_progress_interval(m, 0), MJ_OK);
  int calls = 0;
  auto stop_second = [](const mj_model*, int, void* user) { return ++*static_cast<int*>(user) < 2 ? 1 : 0; };
  mj_run_end end;
  ASSERT_EQ(mj_run(m, 3, 0, stop_second, &calls, &end), MJ_OK);
  EXPECT_EQ(end, MJ_STOPPED);
  EXPECT_LT(mj_model_steps_taken(m), 49);
  ASSERT_EQ(mj_advance(m, 0, nullptr, nullptr, &end), MJ_OK);
  EXPECT_EQ(end, MJ_FINISHED);
  EXPECT_EQ(state(m), whole);

  ASSERT_EQ(mj_start(m, 3), MJ_OK);
  const char* kind = nullptr;
  int line = 0, depth = -1;
  EXPECT_EQ(mj_model_active_node(m, &kind, &line, &depth), 1);
  EXPECT_STREQ(kind, "one");
  int taken = 0;
  ASSERT_EQ(mj_step(m, 10, &taken), MJ_OK);
  EXPECT_EQ(taken, 10);
  ASSERT_EQ(mj_step(m, 1000, &taken), MJ_OK);
  EXPECT_EQ(taken, 39);  // 49 in all: fewer than asked once the program ends
  EXPECT_TRUE(mj_model_finished(m));
  EXPECT_EQ(state(m), whole);
  EXPECT_EQ(mj_run(m, 3, 7, nullptr, nullptr, &end), MJ_OK);
  EXPECT_EQ(end, MJ_STEP_LIMIT);
  EXPECT_EQ(mj_model_steps_taken(m), 7);
  mj_model_free(m);
}

// A face's words for the settings reach the messages; the C names are the default.
TEST(CApi, SettingNamesWordTheMessages) {
  mj_load_options o;
  mj_load_options_init(&o);
  o.size = 100000;
  mj_model* m = nullptr;
  EXPECT_EQ(mj_model_load_xml(kMaze, &o, &m), MJ_ERROR_LIMIT);
  EXPECT_TRUE(mjtest::contains(mj_last_error_message(), "mj_load_options.max_cells")) << mj_last_error_message();
  const char* names[] = {"size=", "steps=", "seed=", "pixelsize=", "max_cells=", "resources="};
  o.setting_names = names;
  EXPECT_EQ(mj_model_load_xml(kMaze, &o, &m), MJ_ERROR_LIMIT);
  EXPECT_TRUE(mjtest::contains(mj_last_error_message(), "max_cells=")) << mj_last_error_message();
}

// Sizes, steps and pictures as mj::resolve_run decides them: a listed model its entry's, a 3D model 24^3 as VOX.
TEST(CApi, TheLibraryDecides) {
  mj_model* m = nullptr;
  const auto growth = std::filesystem::path(MJ_SOURCE_DIR) / "models" / "GrowthMaze.xml";
  ASSERT_EQ(mj_model_load(growth.c_str(), nullptr, &m), MJ_OK) << mj_last_error_text();
  mj_grid g;
  mj_model_grid(m, &g);
  EXPECT_EQ(g.mx, 61);  // models/demo.xml
  EXPECT_TRUE(mjtest::contains(mj_model_size_from(m), "demo.xml:")) << mj_model_size_from(m);
  // no seed given: the entry's first (seeds="7"), as mj run runs it
  ASSERT_EQ(mj_run(m, MJ_SEED_DEFAULT, 3, nullptr, nullptr, nullptr), MJ_OK) << mj_last_error_text();
  EXPECT_EQ(mj_model_seed(m), 7);
  ASSERT_EQ(mj_start(m, MJ_SEED_DEFAULT), MJ_OK);
  EXPECT_EQ(mj_model_seed(m), 7);
  mj_model_free(m);

  ASSERT_EQ(mj_model_load_xml(R"x(<one values="BW" in="B" out="W" symmetry="(xyz)"/>)x", nullptr, &m), MJ_OK);
  ASSERT_EQ(mj_run(m, 1, 5, nullptr, nullptr, nullptr), MJ_OK);
  mj_model_grid(m, &g);
  EXPECT_EQ(g.mz, 24);
  auto dir = mjtest::temp_dir("capi-files");
  const char* written = nullptr;
  ASSERT_EQ(mj_write_picture(m, (dir / "cube").c_str(), &written), MJ_OK) << mj_last_error_text();
  EXPECT_EQ(std::string(written), (dir / "cube.vox").string());
  EXPECT_EQ(mjtest::read_bytes(dir / "cube.vox").substr(0, 4), "VOX ");
  ASSERT_EQ(mj_save_picture(m, (dir / "saved").c_str(), &written), MJ_OK) << mj_last_error_text();
  EXPECT_EQ(mjtest::read_bytes(written), mjtest::read_bytes(dir / "cube.vox"));  // one picture, two namings
  int w = 0, h = 0;
  const uint8_t* rgba = nullptr;
  ASSERT_EQ(mj_render(m, 2, &w, &h, &rgba), MJ_OK);
  EXPECT_GT(w, 0);
  EXPECT_EQ(rgba[3], 255);
  mjtest::write(dir / "no", "a file where a folder would be made");  // missing folders are made: a file is in the way
  EXPECT_EQ(mj_write_png(m, (dir / "no" / "such" / "x.png").c_str(), 0), MJ_ERROR_IO);
  EXPECT_TRUE(mjtest::contains(mj_last_error_text(), "x.png")) << mj_last_error_text();
  mj_model_free(m);
}

// One writer for every format, chosen by the extension as mj::save_grid chooses it.
TEST(CApi, FilesByTheirExtension) {
  mj_model* m = load_maze(9);
  ASSERT_EQ(mj_run(m, 1, 0, nullptr, nullptr, nullptr), MJ_OK);
  auto dir = mjtest::temp_dir("capi-formats");
  for (const char* name : {"m.png", "m.vox", "m.glb", "m.tmj"})
    ASSERT_EQ(mj_write_file(m, (dir / name).c_str(), 2), MJ_OK) << name << ": " << mj_last_error_text();
  EXPECT_EQ(mjtest::read_bytes(dir / "m.glb").substr(0, 4), "glTF");
  EXPECT_TRUE(mjtest::contains(mjtest::read_bytes(dir / "m.tmj"), "\"image\":\"m_tiles.png\""));
  EXPECT_TRUE(std::filesystem::exists(dir / "m_tiles.png"));
  EXPECT_EQ(mj_write_file(m, (dir / "m.bmp").c_str(), 0), MJ_ERROR_ARGUMENT);
  EXPECT_TRUE(mjtest::contains(mj_last_error_text(), ".png, .vox, .glb, .tmj")) << mj_last_error_text();
  mj_model_free(m);
}

// A wfc that finds no collapse leaves its grid unfinished and says so after the run, as mj run prints it.
TEST(CApi, AWfcThatGivesUpIsARunNoticeAndBacktrackingFinishesIt) {
  const std::filesystem::path corpus = mjtest::corpus_dir();
  mj_load_options o;
  mj_load_options_init(&o);
  o.size = 10;  // Escher has no collapse at 10: every try contradicts
  const std::string resources = (corpus / "resources").string();
  o.resources = resources.c_str();
  mj_model* m = nullptr;
  ASSERT_EQ(mj_model_load((corpus / "models" / "Escher.xml").c_str(), &o, &m), MJ_OK) << mj_last_error_text();
  EXPECT_EQ(mj_model_run_notice_count(m), 0);  // before a run
  ASSERT_EQ(mj_run(m, 1, 0, nullptr, nullptr, nullptr), MJ_OK);
  ASSERT_EQ(mj_model_run_notice_count(m), 1);
  EXPECT_TRUE(mjtest::contains(mj_model_run_notice_text(m, 0), "Escher.xml:")) << mj_model_run_notice_text(m, 0);
  EXPECT_TRUE(mjtest::contains(mj_model_run_notice_text(m, 0), ": warning: wfc found no good seed in 1000 tries"));
  EXPECT_STREQ(mj_model_run_notice_text(m, 1), "");
  EXPECT_EQ(mj_model_run_notice_count(nullptr), 0);
  mj_model_free(m);
  o.backtrack = 1;  // every wfc backtracks: the collapse is found
  ASSERT_EQ(mj_model_load((corpus / "models" / "Escher.xml").c_str(), &o, &m), MJ_OK) << mj_last_error_text();
  ASSERT_EQ(mj_run(m, 1, 0, nullptr, nullptr, nullptr), MJ_OK);
  EXPECT_EQ(mj_model_run_notice_count(m), 0);
  mj_model_free(m);
}

// A game's seed and the inputs it was sent (mj_model_input_*) replay it (mj_model_replay), grid for grid.
TEST(CApi, AGameReplaysFromItsSeedAndInputs) {
  mj_load_options o;
  mj_load_options_init(&o);
  o.steps = 0;
  mj_model* m = nullptr;
  const std::string file = (std::filesystem::path(MJ_SOURCE_DIR) / "models" / "LightCycle.xml").string();
  ASSERT_EQ(mj_model_load(file.c_str(), &o, &m), MJ_OK) << mj_last_error_text();
  ASSERT_EQ(mj_start(m, 3), MJ_OK);
  int taken = 0;
  for (const char* key : {"ArrowUp", "ArrowLeft", "ArrowDown"}) {
    ASSERT_EQ(mj_step(m, 9, &taken), MJ_OK);
    ASSERT_EQ(mj_model_send(m, key), MJ_OK);
  }
  ASSERT_EQ(mj_step(m, 20, &taken), MJ_OK);
  const auto state = [&] {
    const char* text = nullptr;
    EXPECT_EQ(mj_state_text(m, &text), MJ_OK);
    return std::string(text ? text : "");
  };
  const std::string played = state();
  ASSERT_EQ(mj_model_input_count(m), 3);
  EXPECT_STREQ(mj_model_input_key(m, 1), "ArrowLeft");
  EXPECT_EQ(mj_model_input_step(m, 1), 18);
  EXPECT_STREQ(mj_model_input_key(m, 3), "");
  const int steps[] = {9, 18, 27};
  const char* const keys[] = {"ArrowUp", "ArrowLeft", "ArrowDown"};
  ASSERT_EQ(mj_model_replay(m, 3, steps, keys, 3, 47, nullptr), MJ_OK) << mj_last_error_text();
  EXPECT_EQ(state(), played);
  ASSERT_EQ(mj_model_replay(m, 3, steps, keys, 0, 47, nullptr), MJ_OK);
  EXPECT_NE(state(), played);  // without its keys, another run
  EXPECT_EQ(mj_model_replay(m, 3, nullptr, keys, 1, 47, nullptr), MJ_ERROR_ARGUMENT);
  mj_model_free(m);
}

// A tile model's map is a layer of its tiles (the library's Interpreter::tile_layer), as mj run --tiled writes it.
TEST(CApi, ATileModelsMapIsItsTiles) {
  const std::filesystem::path corpus = mjtest::corpus_dir();
  mj_load_options o;
  mj_load_options_init(&o);
  o.size = 6;
  const std::string resources = (corpus / "resources").string();
  o.resources = resources.c_str();
  mj_model* m = nullptr;
  ASSERT_EQ(mj_model_load((corpus / "models" / "Knots2D.xml").c_str(), &o, &m), MJ_OK) << mj_last_error_text();
  ASSERT_EQ(mj_run(m, 1, 0, nullptr, nullptr, nullptr), MJ_OK);
  auto dir = mjtest::temp_dir("capi-tiles");
  ASSERT_EQ(mj_write_file(m, (dir / "k.tmj").c_str(), 0), MJ_OK) << mj_last_error_text();
  const std::string map = mjtest::read_bytes(dir / "k.tmj");
  EXPECT_TRUE(mjtest::contains(map, "\"name\":\"Knots2D\"")) << map;
  EXPECT_TRUE(mjtest::contains(map, "\"width\":6,\"height\":6")) << map;  // tiles, not cells
  EXPECT_TRUE(std::filesystem::exists(dir / "k_tiles.png"));
  mj_model_free(m);
}

TEST(CApi, ModelLists) {
  mj_model_list* list = nullptr;
  const auto demo = std::filesystem::path(MJ_SOURCE_DIR) / "models" / "demo.xml";
  ASSERT_EQ(mj_model_list_load(demo.c_str(), &list), MJ_OK) << mj_last_error_text();
  ASSERT_GT(mj_model_list_count(list), 0);
  mj_list_entry e;
  ASSERT_EQ(mj_model_list_entry(list, 0, &e), MJ_OK);
  EXPECT_GT(e.mx, 0);
  EXPECT_GT(e.line, 0);
  EXPECT_EQ(mj_model_list_entry(list, mj_model_list_count(list), &e), MJ_ERROR_ARGUMENT);
  mj_model_list_free(list);
}

TEST(CApi, Version) { EXPECT_STREQ(mj_version(), MJ_PROJECT_VERSION); }

TEST(CApi, DefaultsAreTheLibrarys) {
  const mj_defaults* d = mj_library_defaults();
  EXPECT_EQ(d->seed, mj::kDefaultSeed);
  EXPECT_STREQ(d->output_folder, mj::kDefaultOutputFolder);
  EXPECT_EQ(d->steps, mj::kDefaultSteps);
  EXPECT_EQ(d->gif_steps, mj::kDefaultGifSteps);
  EXPECT_EQ(d->pixelsize, mj::kDefaultPixelsize);
  EXPECT_EQ(d->max_pixelsize, mj::kMaxPixelsize);
  EXPECT_EQ(d->size_2d, mj::kDefaultSize2d);
  EXPECT_EQ(d->size_3d, mj::kDefaultSize3d);
  EXPECT_EQ(d->progress_milliseconds, mj::kDefaultProgressMilliseconds);
  EXPECT_EQ(d->max_gif_frames, mj::kMaxGifFrames);
  EXPECT_EQ(d->max_cells, mj::kMaxCells);
  EXPECT_EQ(d->free_cell, MJ_FREE_CELL);
  EXPECT_EQ(d->free_cell, mj::kFreeCell);
  EXPECT_EQ(d->max_states, mj::kMaxStates);
}

}  // namespace

// An interactive model (the mj dialect's <event>): the status says when the run waits, mj_model_send gives it
// a key, and a key sent at the same step gives the same grid again.
TEST(CApi, SendGivesAWaitingRunItsKey) {
  const char* const xml =
      "<markov values=\"BRW\" dialect=\"mj\"><one in=\"B\" out=\"R\" steps=\"1\"/>"
      "<event timeout=\"50\"><keypress key=\"ArrowLeft\"><one in=\"B\" out=\"W\" steps=\"1\"/></keypress></event>"
      "</markov>";
  std::string grids[2];
  for (std::string& grid : grids) {
    mj_load_options o;
    mj_load_options_init(&o);
    o.size = 5;
    mj_model* m = nullptr;
    ASSERT_EQ(mj_model_load_xml(xml, &o, &m), MJ_OK) << mj_last_error_text();
    EXPECT_EQ(mj_model_send(m, "ArrowLeft"), MJ_ERROR_ARGUMENT);  // before a start
    ASSERT_EQ(mj_start(m, 4), MJ_OK);
    ASSERT_EQ(mj_step(m, 2, nullptr), MJ_OK);
    mj_run_status s;
    ASSERT_EQ(mj_model_status(m, &s), MJ_OK);
    EXPECT_EQ(s.waiting, 1);
    EXPECT_EQ(mj_model_waiting(m), 1);
    EXPECT_STREQ(s.kind, "event");
    ASSERT_EQ(mj_model_send(m, "ArrowLeft"), MJ_OK);
    ASSERT_EQ(mj_model_status(m, &s), MJ_OK);
    EXPECT_EQ(s.waiting, 0);
    ASSERT_EQ(mj_step(m, 1, nullptr), MJ_OK);
    grid = state(m);
    const std::string rows = grid.substr(grid.find("\nBRW\n") + 5);  // after the header and the legend
    EXPECT_EQ(std::count(rows.begin(), rows.end(), 'W'), 1);
    EXPECT_EQ(mj_model_send(m, nullptr), MJ_ERROR_ARGUMENT);
    mj_model_free(m);
  }
  EXPECT_EQ(grids[0], grids[1]);
}

// Pins (mj_model_set_pins, or a file in mj_load_options.pins) hold their cells all run long; a wrong count and a
// goal for a model without <observe> are the caller's errors.
TEST(CApi, PinsHoldTheirCells) {
  mj_load_options o;
  mj_load_options_init(&o);
  o.size = 4;
  mj_model* m = nullptr;
  ASSERT_EQ(mj_model_load_xml("<one values=\"BWR\" in=\"B\" out=\"W\"/>", &o, &m), MJ_OK) << mj_last_error_text();
  std::vector<uint8_t> pins(16, MJ_FREE_CELL);
  pins[5] = 2;
  ASSERT_EQ(mj_model_set_pins(m, pins.data(), 16), MJ_OK) << mj_last_error_text();
  ASSERT_EQ(mj_run(m, 1, 0, nullptr, nullptr, nullptr), MJ_OK);
  mj_grid g;
  ASSERT_EQ(mj_model_grid(m, &g), MJ_OK);
  EXPECT_EQ(g.cells[5], 2);
  EXPECT_EQ(g.cells[0], 1);
  EXPECT_EQ(mj_model_set_pins(m, pins.data(), 15), MJ_ERROR_ARGUMENT);
  EXPECT_EQ(mj_model_set_goal(m, pins.data(), 16), MJ_ERROR_ARGUMENT);
  EXPECT_TRUE(mjtest::contains(mj_last_error_message(), "no inference node")) << mj_last_error_message();
  mj_model_free(m);

  const std::filesystem::path file =
      mjtest::write(mjtest::temp_dir() / "pins.txt", "M 4 4 1 1 0\nBWR\n****\n*R**\n****\n****\n");
  o.pins = file.c_str();
  ASSERT_EQ(mj_model_load_xml("<one values=\"BWR\" in=\"B\" out=\"W\"/>", &o, &m), MJ_OK) << mj_last_error_text();
  ASSERT_EQ(mj_run(m, 1, 0, nullptr, nullptr, nullptr), MJ_OK);
  ASSERT_EQ(mj_model_grid(m, &g), MJ_OK);
  EXPECT_EQ(g.cells[5], 2);
  mj_model_free(m);
}

// ---- Worlds ----

namespace {

mj_world* maze_world() {
  const std::string resources = (mjtest::corpus_dir() / "resources").string();
  mj_world_options o;
  mj_world_options_init(&o);
  o.load.resources = resources.c_str();
  o.seed = 7, o.chunk = 16, o.margin = 4, o.seam = 2;
  mj_world* w = nullptr;
  EXPECT_EQ(mj_world_new((mjtest::corpus_dir() / "models" / "MazeGrowth.xml").c_str(), &o, &w), MJ_OK)
      << mj_last_error_text();
  return w;
}

// The region's cells as a state text's rows.
std::string rows_of(const mj_world* w, const std::vector<uint8_t>& cells, size_t width) {
  std::string rows;
  for (size_t i = 0; i < cells.size(); i++) {
    rows += mj_world_legend(w)[cells[i]];
    if ((i + 1) % width == 0) rows += '\n';
  }
  return rows;
}

// The C caller reads the region `mj world` writes: the same cells, and the same state text file.
TEST(CApiWorld, RegionIsTheCommandLinesCells) {
  mj_world* w = maze_world();
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(mj_world_chunk(w), 16);
  EXPECT_EQ(mj_world_margin(w), 4);
  EXPECT_EQ(mj_world_seam(w), 2);
  EXPECT_EQ(mj_world_seed(w), 7);
  EXPECT_EQ(mj_world_dimension(w), 2);
  EXPECT_STREQ(mj_world_name(w), "MazeGrowth");
  EXPECT_GE(std::string(mj_world_legend(w)).size(), 2u);
  const long long corners[] = {-40, -24, 56, 72};
  std::vector<uint8_t> cells(96 * 96);
  long long told[2] = {0, 0};  // the last call's chunks made and chunks in all
  auto tell = [](long long done, long long total, void* user) {
    static_cast<long long*>(user)[0] = done, static_cast<long long*>(user)[1] = total;
    return 1;
  };
  ASSERT_EQ(mj_world_region(w, corners, 4, 2, tell, told, cells.data(), cells.size()), MJ_OK) << mj_last_error_text();
  EXPECT_EQ(told[0], told[1]);
  EXPECT_GT(told[1], 36);  // every chunk of the region and those they need

  const auto dir = mjtest::temp_dir();
  const auto corpus = mjtest::corpus_dir();
  const auto cli = mjtest::run_cli(
      "world " + (corpus / "models" / "MazeGrowth.xml").string() + " --resources " + (corpus / "resources").string() +
      " --chunk 16 --margin 4 --seam 2 --seed 7 --region -40 -24 56 72 -q --out " + (dir / "cli.txt").string());
  ASSERT_EQ(cli.exit_code, 0) << cli.output;
  const std::string text = mjtest::read_bytes(dir / "cli.txt");
  const std::string head = std::string("MazeGrowth 96 96 1 7 0\n") + mj_world_legend(w) + "\n";
  EXPECT_EQ(text, head + rows_of(w, cells, 96));
  ASSERT_EQ(mj_world_save_region(w, corners, 4, (dir / "c.txt").c_str(), 1, nullptr, nullptr, 0), MJ_OK)
      << mj_last_error_text();
  EXPECT_EQ(mjtest::read_bytes(dir / "c.txt"), text);
  mj_world_free(w);
}

// A caller that schedules chunks itself: each chunk from the cells of those it needs, made first.
std::vector<uint8_t> made_chunk(const mj_world* w, mj_chunk c,
                                std::map<std::tuple<long long, long long>, std::vector<uint8_t>>& made) {
  const auto key = std::make_tuple(c.x, c.y);
  if (made.count(key)) return made[key];
  mj_chunk needs[8];
  int count = 0;
  EXPECT_EQ(mj_world_needs(w, c, needs, 8, &count), MJ_OK);
  std::vector<std::vector<uint8_t>> cells;
  for (int i = 0; i < count; i++) cells.push_back(made_chunk(w, needs[i], made));
  std::vector<const uint8_t*> pointers;
  for (const auto& n : cells) pointers.push_back(n.data());
  std::vector<uint8_t> own(16 * 16);
  EXPECT_EQ(mj_world_run_chunk(w, c, pointers.data(), count, own.data(), own.size()), MJ_OK) << mj_last_error_text();
  return made[key] = own;
}

TEST(CApiWorld, ChunksScheduledByTheCallerAreTheRegionsCells) {
  mj_world* w = maze_world();
  std::map<std::tuple<long long, long long>, std::vector<uint8_t>> made;
  int count = -1;
  ASSERT_EQ(mj_world_needs(w, {1, 1, 0}, nullptr, 0, &count), MJ_OK);
  EXPECT_EQ(count, 8);  // the last phase: every neighbour is earlier
  ASSERT_EQ(mj_world_needs(w, {0, 0, 0}, nullptr, 0, &count), MJ_OK);
  EXPECT_EQ(count, 0);
  for (mj_chunk c : {mj_chunk{1, 1, 0}, mj_chunk{-1, 0, 0}, mj_chunk{0, -3, 0}}) {
    const long long corners[] = {c.x * 16, c.y * 16, c.x * 16 + 16, c.y * 16 + 16};
    std::vector<uint8_t> cells(16 * 16);
    ASSERT_EQ(mj_world_region(w, corners, 4, 1, nullptr, nullptr, cells.data(), cells.size()), MJ_OK);
    mj_world* fresh = maze_world();
    EXPECT_EQ(made_chunk(fresh, c, made), cells) << c.x << " " << c.y;
    mj_world_free(fresh);
  }
  mj_world_free(w);
}

TEST(CApiWorld, BadRequestsAreTheCallersErrors) {
  mj_world* w = maze_world();
  const long long six[] = {0, 0, 0, 10, 10, 1};
  std::vector<uint8_t> cells(100);
  EXPECT_EQ(mj_world_region(w, six, 6, 1, nullptr, nullptr, cells.data(), cells.size()), MJ_ERROR_ARGUMENT);
  EXPECT_STREQ(mj_last_error_message(), "a 2D world's region is 4 numbers, X0 Y0 X1 Y1, not 6");
  const long long box[] = {0, 0, 10, 10};
  EXPECT_EQ(mj_world_region(w, box, 4, 1, nullptr, nullptr, cells.data(), 99), MJ_ERROR_ARGUMENT);
  EXPECT_TRUE(mjtest::contains(mj_last_error_message(), "99")) << mj_last_error_message();
  const long long empty[] = {5, 0, 5, 10};
  EXPECT_EQ(mj_world_region(w, empty, 4, 1, nullptr, nullptr, cells.data(), cells.size()), MJ_ERROR_ARGUMENT);
  EXPECT_EQ(mj_world_region(nullptr, box, 4, 1, nullptr, nullptr, cells.data(), cells.size()), MJ_ERROR_ARGUMENT);
  EXPECT_STREQ(mj_last_error_message(), "world is NULL");
  auto stop = [](long long done, long long, void*) { return done < 2 ? 1 : 0; };
  const long long wide[] = {0, 0, 64, 64};
  std::vector<uint8_t> room(64 * 64);
  EXPECT_EQ(mj_world_region(w, wide, 4, 1, stop, nullptr, room.data(), room.size()), MJ_ERROR_ARGUMENT);
  EXPECT_TRUE(mjtest::contains(mj_last_error_message(), "stopped")) << mj_last_error_message();
  const auto dir = mjtest::temp_dir();
  EXPECT_EQ(mj_world_save_region(w, box, 4, (dir / "r.bmp").c_str(), 1, nullptr, nullptr, 0), MJ_ERROR_ARGUMENT);
  EXPECT_FALSE(std::filesystem::exists(dir / "r.bmp"));
  std::vector<uint8_t> chunk(16 * 16);
  EXPECT_EQ(mj_world_run_chunk(w, {1, 0, 0}, nullptr, 0, chunk.data(), chunk.size()), MJ_ERROR_ARGUMENT);
  EXPECT_TRUE(mjtest::contains(mj_last_error_message(), "needs the cells of 2 chunks")) << mj_last_error_message();
  mj_world_free(w);

  mj_world_options o;
  mj_world_options_init(&o);
  o.chunk = 0;
  mj_world* none = reinterpret_cast<mj_world*>(&o);  // overwritten with NULL on failure
  EXPECT_EQ(mj_world_new_xml("<one values=\"BW\" in=\"B\" out=\"W\"/>", &o, &none), MJ_ERROR_ARGUMENT);
  EXPECT_EQ(none, nullptr);
  EXPECT_STREQ(mj_last_error_message(), "a world's chunk is 1 to 1024 cells on a side, not 0");
  mj_world_options_init(&o);
  o.load.name = "game.xml";
  EXPECT_EQ(mj_world_new_xml("<sequence values=\"BW\">\n<event key=\"ArrowLeft\"><one in=\"B\" out=\"W\"/></event>"
                             "</sequence>",
                             &o, &none),
            MJ_ERROR_ARGUMENT);
  EXPECT_STREQ(mj_last_error_file(), "game.xml");
  EXPECT_EQ(mj_last_error_line(), 2);
  mj_world_free(nullptr);
}

}  // namespace
