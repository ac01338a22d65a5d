#include "mj/model_list.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "core/random.hpp"
#include "core/xml.hpp"
#include "io/render/palette.hpp"

namespace mj {

namespace {

std::vector<int> parse_seeds(const XmlElement& e) {
  std::vector<int> seeds;
  auto text = e.text("seeds");
  if (!text) return seeds;
  std::istringstream in(*text);
  std::string word;
  while (in >> word) {
    try {
      size_t used = 0;
      seeds.push_back(std::stoi(word, &used));
      if (used != word.size()) throw std::invalid_argument(word);
    } catch (const std::exception&) {
      e.fail("seed \"" + word + "\" is not an integer");
    }
  }
  return seeds;
}

ModelEntry parse_entry(const XmlElement& e) {
  ModelEntry m;
  m.name = e.str("name");
  m.line = e.line();
  int size = e.integer("size", -1), d = e.integer("d", 2);
  if (d != 2 && d != 3) e.fail("d=\"" + std::to_string(d) + "\" must be 2 or 3");
  m.mx = e.integer("length", size);
  m.my = e.integer("width", size);
  m.mz = e.integer("height", d == 2 ? 1 : size);
  if (m.mx <= 0 || m.my <= 0 || m.mz <= 0)
    e.fail("model \"" + m.name + "\" needs a positive size (size, or length/width/height)");
  m.gif = e.boolean("gif", false);
  m.iso = e.boolean("iso", false);
  m.amount = m.gif ? 1 : e.integer("amount", 2);
  if (m.amount > kMaxAmount)
    e.fail("amount=\"" + std::to_string(m.amount) + "\" is more than " + std::to_string(kMaxAmount));
  m.pixelsize = e.integer("pixelsize", kDefaultPixelsize);
  if (m.pixelsize <= 0 || m.pixelsize > kMaxPixelsize)
    e.fail("pixelsize must be between 1 and " + std::to_string(kMaxPixelsize));
  // The reference's lists write steps="-1" for no limit: kept as 0, the one way every face says it.
  m.steps = std::max(0, e.integer("steps", m.gif ? kDefaultGifSteps : kDefaultSteps));
  m.gui = e.integer("gui", 0);
  m.pins = e.str("pins", "");
  m.goal = e.str("goal", "");
  m.seeds = parse_seeds(e);
  for (const XmlElement& c : e.children({"color"})) {
    std::string value = c.str("value");
    try {
      m.colors[c.symbol("symbol")] = io::parse_color(value);
      m.color_lines[c.symbol("symbol")] = c.line();
    } catch (const std::invalid_argument&) {
      c.fail("colour value \"" + value + "\" is not six hex digits");
    }
  }
  m.list = e.file();
  return m;
}

std::vector<ModelEntry> entries_of(const XmlDocument& doc, const std::filesystem::path& folder) {
  std::vector<ModelEntry> entries;
  for (const XmlElement& e : doc.root().children({"model"})) {
    entries.push_back(parse_entry(e));
    entries.back().folder = folder;
  }
  return entries;
}

}  // namespace

std::vector<ModelEntry> load_model_list(const std::filesystem::path& file) {
  const std::filesystem::path folder = file.parent_path().empty() ? "." : file.parent_path();
  return entries_of(*XmlDocument::load_file(file), folder);
}

std::vector<ModelEntry> parse_model_list(const std::string& text, const std::string& name) {
  return entries_of(*XmlDocument::load_string(text, name), {});
}

std::vector<int> plan_seeds(const std::vector<ModelEntry>& entries, int meta_seed) {
  Random meta(meta_seed);
  std::vector<int> seeds;
  for (const ModelEntry& entry : entries)
    for (int k = 0; k < entry.amount; k++)
      seeds.push_back(k < int(entry.seeds.size()) ? entry.seeds[size_t(k)] : meta.next());
  return seeds;
}

std::optional<ListedEntry> find_listed_entry(const std::filesystem::path& model) {
  const std::filesystem::path folder = model.parent_path().empty() ? "." : model.parent_path();
  const std::string name = model.stem().string();
  for (const auto& list : {folder / "models.xml", folder / ".." / "models.xml", folder / "demo.xml"}) {
    if (!std::filesystem::is_regular_file(list)) continue;
    for (ModelEntry& entry : load_model_list(list))
      if (entry.name == name) return ListedEntry{std::move(entry), list.lexically_normal()};
  }
  return std::nullopt;
}

int worker_count(std::optional<int> requested) {
  if (!requested) return int(std::max(1u, std::thread::hardware_concurrency()));
  if (*requested < 1) throw argument_error("{setting} must be at least 1", Setting::workers);
  return *requested;
}

}  // namespace mj
