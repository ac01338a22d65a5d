// The mj dialect (docs/language/extensions.md): the opt-in dialect="mj" on the root, weights on a
// `one`'s rules, and step limits written as expressions of the grid. Without the opt-in an extension is
// an error at its line; weighted programs' probabilities from mj explore against the oracle written
// apart (explore_oracle.hpp), and runs of many seeds against those probabilities.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <utility>

#include "core/count_expression.hpp"
#include "explore_oracle.hpp"
#include "explore_random_programs.hpp"
#include "mj/explore.hpp"
#include "mj/picture.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

mj::Error load_error(const std::string& xml, int mx = 4, int my = 4) {
  return mjtest::expect_error([&] { mj::Interpreter::from_string(xml, {mx, my, 1, {}}, "model.xml"); });
}

// ---- the opt-in ----

TEST(Dialect, AWeightWithoutTheOptInIsAnErrorAtItsLine) {
  const mj::Error e = load_error(
      "<sequence values=\"BW\">\n"
      "  <one>\n"
      "    <rule in=\"B\" out=\"W\"/>\n"
      "    <rule in=\"B\" out=\"B\"\n"
      "          weight=\"2\"/>\n"
      "  </one>\n"
      "</sequence>");
  EXPECT_EQ(e.file(), "model.xml");
  EXPECT_EQ(e.line(), 5);
  EXPECT_EQ(e.message(),
            "weight=\"2\" is an mj extension: add dialect=\"mj\" to the root element <sequence> to use it");
}

TEST(Dialect, AStepExpressionWithoutTheOptInIsAnErrorAtItsLine) {
  const mj::Error e = load_error("<markov values=\"BW\">\n  <one in=\"B\" out=\"W\" steps=\"area/10\"/>\n</markov>");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.message(),
            "steps=\"area/10\" is an mj extension: add dialect=\"mj\" to the root element <markov> to use it");
  // Text that is no expression either keeps the reference's message.
  EXPECT_EQ(load_error("<one values=\"BW\" in=\"B\" out=\"W\" steps=\"1x\"/>").message(),
            "attribute steps=\"1x\" is not an integer");
}

TEST(Dialect, AnotherDialectIsAnErrorAtTheRoot) {
  const mj::Error e = load_error("<!-- a model -->\n<one values=\"BW\" in=\"B\" out=\"W\"\n  dialect=\"julia\"/>");
  EXPECT_EQ(e.line(), 3);
  EXPECT_TRUE(mjtest::contains(e.message(), "unknown dialect=\"julia\"")) << e.message();
}

// The opt-in alone changes nothing: the same grids, seed for seed, and a misspelt attribute is still a
// notice (weight and dialect are none).
TEST(Dialect, TheOptInAloneRunsTheReference) {
  const std::string body = "<one in=\"RBB\" out=\"GGR\"/><one in=\"RGG\" out=\"WWR\"/></markov>";
  for (int seed = 1; seed <= 20; seed++)
    EXPECT_EQ(mjtest::run_model("<markov values=\"BRGW\" origin=\"True\">" + body, 15, 15, seed),
              mjtest::run_model("<markov values=\"BRGW\" origin=\"True\" dialect=\"mj\">" + body, 15, 15, seed));
  auto ip = mj::Interpreter::from_string(
      "<one values=\"BW\" dialect=\"mj\"><rule in=\"B\" out=\"W\" weight=\"2\" symetry=\"()\"/>"
      "<rule in=\"W\" out=\"B\"/></one>",
      {4, 4, 1, {}});
  ASSERT_EQ(ip.notices().size(), 1u);
  EXPECT_TRUE(mjtest::contains(ip.notices()[0].message, "symetry")) << ip.notices()[0].message;
}

// ---- weights: where they are read ----

TEST(Dialect, WeightsAreReadOnAOnesRulesOnly) {
  const auto message = [](const std::string& xml) { return load_error(xml).message(); };
  EXPECT_TRUE(mjtest::contains(
      message(
          "<all values=\"BW\" dialect=\"mj\"><rule in=\"B\" out=\"W\" weight=\"2\"/><rule in=\"W\" out=\"B\"/></all>"),
      "weight=\"2\" is read on <one> only"));
  EXPECT_TRUE(mjtest::contains(message("<prl values=\"BW\" dialect=\"mj\" in=\"B\" out=\"W\" weight=\"2\"/>"),
                               "weight=\"2\" is read on <one> only"));
  EXPECT_TRUE(mjtest::contains(
      message("<one values=\"BWR\" dialect=\"mj\"><rule in=\"B\" out=\"W\" weight=\"2\"/><rule in=\"B\" out=\"R\"/>"
              "<field for=\"W\" to=\"R\" on=\"B\"/></one>"),
      "cannot guide a <one> with fields"));
  EXPECT_TRUE(mjtest::contains(
      message(
          "<one values=\"BW\" dialect=\"mj\"><rule in=\"B\" out=\"W\" weight=\"0\"/><rule in=\"W\" out=\"B\"/></one>"),
      "weight=\"0\" is not a positive number"));
  EXPECT_TRUE(mjtest::contains(
      message(
          "<one values=\"BW\" dialect=\"mj\"><rule in=\"B\" out=\"W\" weight=\"-1\"/><rule in=\"W\" out=\"B\"/></one>"),
      "weight=\"-1\" is not a positive number"));
}

// ---- weights: exact probabilities ----

struct Weighted {
  std::string xml;
  int mx, my;
};

// Weighted programs of the shapes weights meet: two rules on one cell kind, symmetric images sharing
// a weight (so a rule with more matches is drawn more), weights that are not whole, a weighted `one`
// beside an `all` and a `prl`, step limits (one an expression), nested branches.
const Weighted kWeighted[] = {
    {"<one values=\"BRG\" dialect=\"mj\"><rule in=\"B\" out=\"R\" weight=\"3\"/><rule in=\"B\" out=\"G\"/></one>", 3,
     1},
    {"<one values=\"BRW\" dialect=\"mj\" origin=\"True\"><rule in=\"RB\" out=\"RR\" weight=\"5\"/>"
     "<rule in=\"B\" out=\"W\" weight=\"0.5\"/></one>",
     3, 2},
    {"<markov values=\"BRWG\" dialect=\"mj\"><one><rule in=\"BB\" out=\"RW\" weight=\"0.25\"/>"
     "<rule in=\"BB\" out=\"GG\" weight=\"1.75\"/></one><all in=\"RG\" out=\"GG\"/></markov>",
     3, 2},
    {"<sequence values=\"BRW\" dialect=\"mj\"><one steps=\"area/3\"><rule in=\"B\" out=\"R\" weight=\"4\"/>"
     "<rule in=\"B\" out=\"W\"/></one><prl in=\"RB\" out=\"RR\" p=\"0.5\" steps=\"2\"/></sequence>",
     3, 2},
    {"<markov values=\"BRWG\" dialect=\"mj\"><sequence><one steps=\"2\"><rule in=\"B\" out=\"R\" weight=\"2\"/>"
     "<rule in=\"B\" out=\"W\"/></one><one><rule in=\"RB\" out=\"WR\" weight=\"9\" symmetry=\"(x)\"/>"
     "<rule in=\"R\" out=\"G\"/></one></sequence></markov>",
     4, 1},
    // weights far apart: the light matches alone are listed at first, so that the uniform draws are
    // rejected 64 times in a row and a draw over the whole list decides (One's scanned_match)
    {"<one values=\"BGWR\" dialect=\"mj\"><rule in=\"B\" out=\"G\" weight=\"0.001\"/>"
     "<rule in=\"B\" out=\"W\" weight=\"0.003\"/><rule in=\"GW\" out=\"RR\"/></one>",
     4, 1},
};

std::map<std::string, double> explorer_outcomes(const Weighted& w) {
  const mj::StateSpace space = mj::explore(mjtest::settings_of(w.xml, w.mx, w.my), {20000, 1, true});
  std::map<std::string, double> ends;
  for (const mj::StateSpace::Outcome& o : space.outcomes) ends[o.grid] += o.probability;
  return ends;
}

TEST(Dialect, WeightedProbabilitiesOfTheExplorerAreTheOracles) {
  double max_error = 0;
  int outcomes = 0;
  for (const Weighted& w : kWeighted) {
    SCOPED_TRACE(w.xml);
    const std::map<std::string, double> ends = explorer_outcomes(w);
    // The oracle reads the XML itself; it takes steps as a number, the expression's value written in.
    std::string xml = w.xml;
    if (const size_t at = xml.find("area/3"); at != std::string::npos)
      xml.replace(at, 6, std::to_string(w.mx * w.my / 3));
    const oracle::Result o = oracle::explore(xml, w.mx, w.my);
    ASSERT_EQ(ends.size(), o.outcomes.size());
    for (const auto& [grid, probability] : o.outcomes) {
      ASSERT_TRUE(ends.count(grid)) << grid;
      max_error = std::max(max_error, std::abs(ends.at(grid) - probability));
      outcomes++;
    }
    // Weights matter: the outcomes are not those of the same program unweighted.
    std::string plain = xml;
    for (size_t at; (at = plain.find(" weight=\"")) != std::string::npos;)
      plain.erase(at, plain.find('"', at + 9) + 1 - at);
    const oracle::Result u = oracle::explore(plain, w.mx, w.my);
    double difference = 0;
    for (const auto& [grid, probability] : o.outcomes)
      difference = std::max(difference, std::abs(probability - (u.outcomes.count(grid) ? u.outcomes.at(grid) : 0)));
    EXPECT_GT(difference, 0.01);
  }
  std::printf("weighted programs: %d outcomes of %zu programs, explorer vs oracle max error %.3g\n", outcomes,
              std::size(kWeighted), max_error);
  EXPECT_LT(max_error, 1e-12);
}

// What takes every match alike refuses weights at their line rather than ignore them.
TEST(Dialect, WhatTakesMatchesAlikeRefusesWeights) {
  const std::string xml =
      "<one values=\"BW\" dialect=\"mj\">\n<rule in=\"B\" out=\"W\" weight=\"2\"/>"
      "<rule in=\"BW\" out=\"WW\"/></one>";
  const mj::Error all = mjtest::expect_error([&] { mj::explore_all_grids(mjtest::settings_of(xml, 2, 2)); });
  EXPECT_EQ(all.line(), 2);
  EXPECT_TRUE(mjtest::contains(all.message(), "cannot take weight=\"2\"")) << all.message();
  mj::Interpreter ip = load_model(mjtest::settings_of(xml, 2, 2));
  ip.set_chooser([](int) { return 0; });
  const mj::Error chooser = mjtest::expect_error([&] { ip.run(1, 0); });
  EXPECT_EQ(chooser.line(), 1);
  EXPECT_TRUE(mjtest::contains(chooser.message(), "cannot run weighted rules")) << chooser.message();
}

// The first program, by hand: each cell is R with probability 3/4.
TEST(Dialect, TwoRulesWeightedThreeToOne) {
  const std::map<std::string, double> ends = explorer_outcomes(kWeighted[0]);
  EXPECT_NEAR(ends.at("RRR"), 27.0 / 64, 1e-12);
  EXPECT_NEAR(ends.at("GGG"), 1.0 / 64, 1e-12);
  EXPECT_NEAR(ends.at("RGR"), 9.0 / 64, 1e-12);
}

// mj run's frequencies over many seeds against the explorer's probabilities: a chi-square of the end
// grids (fixed seeds, so the test is deterministic), far below the bound of a wrong law.
TEST(Dialect, RunsOfManySeedsFollowTheExplorersProbabilities) {
  constexpr int kSeeds = 4000;
  for (const Weighted& w : kWeighted) {
    SCOPED_TRACE(w.xml);
    const std::map<std::string, double> ends = explorer_outcomes(w);
    const mj::RunSettings settings = mjtest::settings_of(w.xml, w.mx, w.my);
    mj::Interpreter ip = load_model(settings);
    std::map<std::string, int> seen;
    for (int seed = 1; seed <= kSeeds; seed++) {
      ip.run(seed, 0);
      const mj::GridView g = ip.grid();
      std::string rows;
      for (int y = 0; y < g.my; y++) {
        if (y > 0) rows += '/';
        for (int x = 0; x < g.mx; x++) rows += g.legend[g.cells[x + y * g.mx]];
      }
      seen[rows]++;
    }
    // Outcomes expected fewer than 5 times are pooled into one cell, as the test asks.
    double chi2 = 0, pooled_expected = 0;
    int cells = 0, pooled_observed = 0;
    const auto add = [&](double expected, int observed) {
      chi2 += (observed - expected) * (observed - expected) / expected;
      cells++;
    };
    for (const auto& [grid, probability] : ends) {
      const double expected = probability * kSeeds;
      const int observed = seen.count(grid) ? seen.at(grid) : 0;
      if (expected < 5) pooled_expected += expected, pooled_observed += observed;
      else add(expected, observed);
    }
    if (pooled_expected > 0) add(pooled_expected, pooled_observed);
    for (const auto& [grid, n] : seen) EXPECT_TRUE(ends.count(grid)) << grid << " seen, not an outcome";
    const int df = cells - 1;
    const double bound = df + 6 * std::sqrt(2.0 * df) + 10;  // far in the tail of chi-square with df degrees
    std::printf("chi-square %.1f with %d degrees of freedom (bound %.1f), %d seeds\n", chi2, df, bound, kSeeds);
    EXPECT_LT(chi2, bound);
  }
}

// ---- step limits as expressions of the grid ----

TEST(CountExpression, ValuesOnAGrid) {
  const mj::GridDimensions size{60, 40, 1};
  EXPECT_EQ(mj::evaluate_count("area/10", size), 240);
  EXPECT_EQ(mj::evaluate_count("length", size), 60);
  EXPECT_EQ(mj::evaluate_count("width * height", size), 40);
  EXPECT_EQ(mj::evaluate_count("2 + 3 * 4", size), 14);
  EXPECT_EQ(mj::evaluate_count("(2 + 3) * 4", size), 20);
  EXPECT_EQ(mj::evaluate_count("length/7", size), 8);  // truncating
  EXPECT_EQ(mj::evaluate_count("10 - 2 - 3", size), 5);
  EXPECT_EQ(mj::evaluate_count("-length + 100", size), 40);
  EXPECT_EQ(mj::evaluate_count("area / (length / 2) / 2", size), 40);
}

TEST(CountExpression, ErrorsSayWhere) {
  const auto error = [](const char* text) {
    try {
      mj::evaluate_count(text, {10, 10, 1});
    } catch (const mj::CountExpressionError& e) {
      return std::to_string(e.column) + ": " + e.message;
    }
    return std::string("none");
  };
  EXPECT_EQ(error("area/0"), "5: division by zero");
  EXPECT_EQ(error("area/(length-10)"), "5: division by zero");
  EXPECT_EQ(error("area+"), "6: a number, a size (length, width, height, area) or '(' is missing");
  EXPECT_EQ(error("(area"), "6: ')' is missing");
  EXPECT_EQ(error("aera/2"), "1: unknown name 'aera' (the sizes are length, width, height and area)");
  EXPECT_EQ(error("area % 2"), "6: unexpected '%'");
  EXPECT_EQ(error("area*area*area*area*area*area*area*area*area*area"), "45: the value overflows");
}

// Found by fuzz_expression: `area` of sides 2^31 (2^93 cells) overflowed inside the name itself, unsaid.
TEST(CountExpression, AreaOfHugeSidesOverflowsSaid) {
  try {
    mj::evaluate_count("2 + area/10", {1LL << 31, 1LL << 31, 1LL << 31});
    ADD_FAILURE() << "no error";
  } catch (const mj::CountExpressionError& e) {
    EXPECT_EQ(std::to_string(e.column) + ": " + e.message, "5: the value overflows");
  }
}

int cells_of(const std::string& xml, int mx, int my, char symbol) {
  const std::string grid = mjtest::run_model(xml, mx, my, 1);
  return int(std::count(grid.begin(), grid.end(), symbol));
}

TEST(CountExpression, ARunTakesAreaOverTenSteps) {
  const std::string xml = "<one values=\"BW\" dialect=\"mj\" in=\"B\" out=\"W\" steps=\"area/10\"/>";
  EXPECT_EQ(cells_of(xml, 10, 10, 'W'), 10);
  EXPECT_EQ(cells_of(xml, 30, 20, 'W'), 60);
  // docs/language/extensions.md: `/` truncates, and length is x: length/7 is 8 on a grid 60 long (20 wide).
  EXPECT_EQ(cells_of("<one values=\"BW\" dialect=\"mj\" in=\"B\" out=\"W\" steps=\"length/7\"/>", 60, 20, 'W'), 8);
  // Every node that takes steps: all and prl (one step each), convolution.
  EXPECT_EQ(cells_of("<sequence values=\"BW\" dialect=\"mj\"><all in=\"B\" out=\"W\" steps=\"length-9\"/></sequence>",
                     10, 3, 'W'),
            30);
  EXPECT_EQ(cells_of("<sequence values=\"BWR\" dialect=\"mj\"><prl in=\"B\" out=\"W\" steps=\"height\"/>"
                     "<prl in=\"W\" out=\"R\" steps=\"width/3 - 1\"/></sequence>",
                     4, 6, 'R'),
            24);
  // A map's grid is the one its nodes count on: 5x5 scaled to 10x10.
  EXPECT_EQ(cells_of("<sequence values=\"BW\" dialect=\"mj\"><map scale=\"2 2 1\" values=\"BW\">"
                     "<rule in=\"B\" out=\"BB/BB\"/><one in=\"B\" out=\"W\" steps=\"area/10\"/></map></sequence>",
                     5, 5, 'W'),
            10);
}

TEST(CountExpression, LoadErrorsPointAtTheAttribute) {
  const mj::Error e = load_error(
      "<sequence values=\"BW\" dialect=\"mj\">\n  <one in=\"B\" out=\"W\"\n   "
      "steps=\"area/(length-4)\"/>\n</sequence>");
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.message(), "steps=\"area/(length-4)\", column 5: division by zero");
  const mj::Error below = load_error("<one values=\"BW\" dialect=\"mj\" in=\"B\" out=\"W\" steps=\"length - 10\"/>");
  EXPECT_EQ(below.message(), "steps=\"length - 10\" is -6 on this grid, below 0");
  EXPECT_EQ(load_error("<one values=\"BW\" dialect=\"mj\" in=\"B\" out=\"W\" steps=\"area/\"/>").message(),
            "steps=\"area/\", column 6: a number, a size (length, width, height, area) or '(' is missing");
}

// Other counts take expressions too in the dialect: a wfc's tries, a search's limit. A run with the
// expression is the run with its value, and an error points at the attribute.
TEST(CountExpression, TriesAndLimitAreCountsToo) {
  const std::filesystem::path resources = mjtest::temp_dir("counts");
  std::filesystem::create_directories(resources / "samples");
  mj::Image checker{4, 4, {}};
  for (int y = 0; y < 4; y++)
    for (int x = 0; x < 4; x++) checker.argb.push_back((x + y) % 2 ? 0xffffffffu : 0xff000000u);
  mj::save_png(resources / "samples" / "Checker.png", checker);
  const auto run = [&](const std::string& xml) {
    auto ip = mj::Interpreter::from_string(xml, mj::LoadOptions{8, 8, 1, resources}, "model.xml");
    ip.run(3, 0);
    const mj::GridView g = ip.grid();
    return std::string(g.cells, g.cells + g.size());
  };
  const auto wfc = [](const std::string& tries) {
    return "<sequence values=\"B\" dialect=\"mj\">\n<wfc sample=\"Checker\" values=\"BW\" n=\"2\"\n tries=\"" + tries +
           "\"/></sequence>";
  };
  EXPECT_EQ(run(wfc("area/2")), run(wfc("32")));
  const mj::Error tries = mjtest::expect_error([&] { run(wfc("area/(width-8)")); });
  EXPECT_EQ(tries.line(), 3);
  EXPECT_EQ(tries.message(), "tries=\"area/(width-8)\", column 5: division by zero");

  // A search that covers the grid from its corner, its limit of states an expression.
  const auto search = [](const std::string& limit, const std::string& dialect) {
    return "<one values=\"BRW\" origin=\"True\" in=\"RB\" out=\"WR\" search=\"True\"" + dialect + "\n limit=\"" +
           limit + "\"><observe value=\"B\" to=\"WR\"/><observe value=\"R\" to=\"W\"/></one>";
  };
  const std::string dialect = " dialect=\"mj\"";
  EXPECT_EQ(mjtest::run_model(search("area*4", dialect), 4, 4, 1), mjtest::run_model(search("64", dialect), 4, 4, 1));
  EXPECT_EQ(mjtest::run_model(search("64", dialect), 4, 4, 1), mjtest::run_model(search("64", ""), 4, 4, 1));
  const mj::Error below = load_error(search("length - 5", dialect));
  EXPECT_EQ(below.line(), 2);
  EXPECT_EQ(below.message(), "limit=\"length - 5\" is -1 on this grid, below 0");
  // Without the opt-in the reference's reading: a whole number, an expression an error naming the opt-in.
  EXPECT_EQ(load_error(search("area", "")).message(),
            "limit=\"area\" is an mj extension: add dialect=\"mj\" to the root element <one> to use it");
}

// docs/tutorial.md's stage 10: steps="area/435" places 8 rooms and closets on 59x59 (3 rooms and 5 closets on
// seed 5, its picture) and 18 on 89x89: the count grows with the grid.
TEST(CountExpression, TheTutorialsRoomsGrowWithTheGrid) {
  const std::string xml =
      mjtest::read_bytes(std::filesystem::path(MJ_SOURCE_DIR) / "docs/language/examples/TutorialScale.xml");
  const auto placed = [&](int side) {
    const std::string grid = mjtest::run_model(xml, side, side, 5);
    const int rooms = int(std::count(grid.begin(), grid.end(), 'R')) / 15;
    const int closets = int(std::count(grid.begin(), grid.end(), 'A')) / 3;
    return std::pair{rooms, closets};
  };
  EXPECT_EQ(placed(59), (std::pair{3, 5}));
  const auto [rooms, closets] = placed(89);
  EXPECT_EQ(rooms + closets, 18);
}

}  // namespace
