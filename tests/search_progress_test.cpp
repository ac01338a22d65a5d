// A rule node's search (search="True") runs inside one step: the run loop's progress callback is asked
// during it, with how far it got, and may stop it; the next advance() goes on with the search where it
// stopped, and the run ends exactly as one never stopped.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/formats/state_text.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

// A corpus model; "CompleteSAW in a markov" is CompleteSAW with its sequence made a markov, whose `all`
// child, before the search, looks at the grid again at every step.
mj::Interpreter corpus_model(const std::string& name, int mx, int my) {
  mj::LoadOptions options;
  options.mx = mx, options.my = my;
  options.resources = mjtest::corpus_dir() / "resources";
  const std::string markov = " in a markov";
  if (name.size() <= markov.size() || name.substr(name.size() - markov.size()) != markov)
    return mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / (name + ".xml"), options);
  std::string xml =
      mjtest::read_bytes(mjtest::corpus_dir() / "models" / (name.substr(0, name.size() - markov.size()) + ".xml"));
  for (size_t at; (at = xml.find("sequence")) != std::string::npos;) xml.replace(at, 8, "markov");
  return mj::Interpreter::from_string(xml, options, "CompleteSAWMarkov.xml");
}

std::string end_of_run(mj::Interpreter& ip) { return mj::state_text("run", ip.grid(), ip.seed(), ip.steps()); }

struct Stops {
  int inside_search = 0;  // stops while a search was under way
  int states_seen = 0;    // the most states a report gave
  bool frontier_seen = false;
};

// Runs `name` to its end, stopping at every `every`-th progress call (asked every time: no interval) and
// going on with advance(); what the stops saw.
std::string stopped_run(const std::string& name, int mx, int my, int seed, int every, Stops& stops) {
  mj::Interpreter ip = corpus_model(name, mx, my);
  int calls = 0;
  mj::RunControl control;
  control.interval = std::chrono::milliseconds(0);
  control.progress = [&] {
    if (const auto search = ip.search_progress()) {
      stops.states_seen = std::max(stops.states_seen, search->states);
      stops.frontier_seen |= search->frontier > 0;
    }
    return ++calls % every != 0;
  };
  ip.start(seed);
  for (int advances = 0; advances < 100000; advances++) {
    if (ip.advance(control) != mj::RunEnd::stopped) break;
    if (ip.search_progress()) stops.inside_search++;
  }
  EXPECT_TRUE(ip.finished());
  return end_of_run(ip);
}

// CompleteSAW searches for a self-avoiding walk that fills 19x19: searches of up to 1,000 states each.
TEST(SearchProgress, AStoppedSearchGoesOnToTheSameRun) {
  for (const std::string name : {"CompleteSAW", "CompleteSAW in a markov"})
    for (int seed : {1, 2}) {
      mj::Interpreter whole = corpus_model(name, 19, 19);
      whole.run(seed, 0);
      const std::string expected = end_of_run(whole);
      Stops stops;
      EXPECT_EQ(stopped_run(name, 19, 19, seed, 3, stops), expected) << name << " seed " << seed;
      EXPECT_GE(stops.inside_search, 3) << "seed " << seed;
      EXPECT_GT(stops.states_seen, 0);
      EXPECT_TRUE(stops.frontier_seen);
    }
}

// Stopped inside the search, a plain step() goes on with it and takes the step.
TEST(SearchProgress, StepAfterAStopFinishesTheSearch) {
  mj::Interpreter whole = corpus_model("CompleteSAW", 19, 19);
  whole.run(5, 0);
  mj::Interpreter ip = corpus_model("CompleteSAW", 19, 19);
  ip.start(5);
  mj::RunControl control;
  control.interval = std::chrono::milliseconds(0);
  int calls = 0;
  control.progress = [&] { return !(ip.search_progress() && ++calls == 2); };
  ASSERT_EQ(ip.advance(control), mj::RunEnd::stopped);
  ASSERT_TRUE(ip.search_progress());
  const int steps = ip.steps();
  EXPECT_TRUE(ip.step());
  EXPECT_EQ(ip.steps(), steps + 1);
  EXPECT_FALSE(ip.search_progress());
  ip.advance({});
  EXPECT_EQ(end_of_run(ip), end_of_run(whole));
}

// Without a progress callback nothing is asked, and no search is left under way between steps.
TEST(SearchProgress, NoSearchUnderWayBetweenPlainSteps) {
  mj::Interpreter ip = corpus_model("CompleteSAW", 19, 19);
  ip.start(1);
  while (ip.step()) EXPECT_FALSE(ip.search_progress());
}

}  // namespace
