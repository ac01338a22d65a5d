// A list's runs (mj/batch.hpp): mj -j N starts the runs it predicts longest first (the prediction orders runs as
// their work does), runs of one program share it, one worker keeps the listed order.
#include <gtest/gtest.h>

#include "mj/batch.hpp"

namespace {

mj::ModelEntry sized(int mx, int my, int mz = 1) {
  mj::ModelEntry e;
  e.mx = mx, e.my = my, e.mz = mz;
  return e;
}

const char* kGrowth = R"(<one values="BW" origin="True" in="WB" out="WW"/>)";
const char* kSequence = R"(<sequence values="BWR"><one in="WB" out="WW"/><all in="W" out="R"/></sequence>)";
const char* kWfc = R"(<sequence values="BW"><wfc sample="Flowers" n="3"><rule in="B" out="W"/></wfc></sequence>)";
const char* kSearch = R"(<one values="BW" in="B" out="W" search="True"><observe value="B" to="W"/></one>)";

TEST(RunOrder, LargerGridsWeighMore) {
  EXPECT_GT(mj::predicted_work(sized(800, 800), kGrowth), mj::predicted_work(sized(64, 64), kGrowth));
  EXPECT_GT(mj::predicted_work(sized(20, 20, 20), kGrowth), mj::predicted_work(sized(20, 20), kGrowth));
}

TEST(RunOrder, LongerProgramsWeighMore) {
  EXPECT_GT(mj::predicted_work(sized(64, 64), kSequence), mj::predicted_work(sized(64, 64), kGrowth));
}

TEST(RunOrder, WfcAndSearchOutweighRulesOnTheSameGrid) {
  const double rules = mj::predicted_work(sized(50, 50), kSequence);
  EXPECT_GT(mj::predicted_work(sized(50, 50), kWfc), 10 * rules);
  EXPECT_GT(mj::predicted_work(sized(50, 50), kSearch), 10 * rules);
}

TEST(RunOrder, AnUnreadableModelStillHasItsGridsWork) { EXPECT_GT(mj::predicted_work(sized(8, 8), ""), 0.0); }

}  // namespace

namespace {

mj::ModelEntry listed(const char* name, int side, int amount) {
  mj::ModelEntry e = sized(side, side);
  e.name = name, e.amount = amount, e.seeds = {};
  return e;
}

// What a face's request for an entry is: its model's text (the library reads it to predict the run's work).
mj::RunRequest growth(const mj::ModelEntry& entry) {
  mj::RunRequest request;
  request.model = entry.name;
  request.xml = kGrowth;
  return request;
}

}  // namespace

// One worker runs the list as listed, each run its own program (the worker's Model goes on to the next).
TEST(ListPlan, OneWorkerRunsTheListAsListed) {
  const std::vector<mj::ModelEntry> entries{listed("Small", 8, 2), listed("Large", 80, 1)};
  const std::vector<mj::ListedRun> runs = mj::plan_list(entries, 7, 1, growth);
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].entry->name, "Small");
  EXPECT_EQ(runs[2].entry->name, "Large");
  for (int i = 0; i < 3; i++) EXPECT_EQ(runs[size_t(i)].program, i);
  EXPECT_EQ(runs[0].seed, mj::plan_seeds(entries, 7)[0]);  // the list's seeds, whatever the order
}

// Several workers start the longest first; the runs of one model at one size share a program.
TEST(ListPlan, SeveralWorkersStartTheLongestFirstAndSharePrograms) {
  const std::vector<mj::ModelEntry> entries{listed("Small", 8, 2), listed("Large", 80, 1)};
  const std::vector<mj::ListedRun> runs = mj::plan_list(entries, 7, 2, growth);
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].entry->name, "Large");
  EXPECT_EQ(runs[0].seed, mj::plan_seeds(entries, 7)[2]);
  EXPECT_EQ(runs[1].program, runs[2].program);
  EXPECT_NE(runs[0].program, runs[1].program);
}

// A listed run's request carries its entry, the cell bound and the GUI margin, over the face's own.
TEST(ListPlan, AListedRequestCarriesItsEntry) {
  const mj::ModelEntry entry = listed("Small", 8, 2);
  const mj::RunRequest request = mj::listed_request(growth(entry), entry, 1000);
  ASSERT_TRUE(request.entry);
  EXPECT_EQ(request.entry->name, "Small");
  EXPECT_EQ(request.max_cells, 1000);
  EXPECT_TRUE(request.gui);
  EXPECT_EQ(request.xml, std::optional<std::string>(kGrowth));
}
