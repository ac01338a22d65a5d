// mj -j N starts the runs it predicts longest first: the prediction orders runs as their work does.
#include <gtest/gtest.h>

#include "run_order.hpp"

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
  EXPECT_GT(mj::cli::predicted_work(sized(800, 800), kGrowth), mj::cli::predicted_work(sized(64, 64), kGrowth));
  EXPECT_GT(mj::cli::predicted_work(sized(20, 20, 20), kGrowth), mj::cli::predicted_work(sized(20, 20), kGrowth));
}

TEST(RunOrder, LongerProgramsWeighMore) {
  EXPECT_GT(mj::cli::predicted_work(sized(64, 64), kSequence), mj::cli::predicted_work(sized(64, 64), kGrowth));
}

TEST(RunOrder, WfcAndSearchOutweighRulesOnTheSameGrid) {
  const double rules = mj::cli::predicted_work(sized(50, 50), kSequence);
  EXPECT_GT(mj::cli::predicted_work(sized(50, 50), kWfc), 10 * rules);
  EXPECT_GT(mj::cli::predicted_work(sized(50, 50), kSearch), 10 * rules);
}

TEST(RunOrder, AnUnreadableModelStillHasItsGridsWork) { EXPECT_GT(mj::cli::predicted_work(sized(8, 8), ""), 0.0); }

}  // namespace
