#include "mj/batch.hpp"

#include <cctype>

namespace mj {

namespace {

// Opening tags: `<` followed by a name (not `</`, comments or declarations).
double elements(const std::string& xml) {
  double count = 0;
  for (size_t i = 0; i + 1 < xml.size(); i++)
    if (xml[i] == '<' && std::isalpha((unsigned char)xml[i + 1])) count++;
  return count;
}

}  // namespace

double predicted_work(const ModelEntry& entry, const std::string& xml) {
  const double cells = double(entry.mx) * entry.my * entry.mz;
  const bool heavy = xml.find("<wfc") != std::string::npos || xml.find("search=\"True\"") != std::string::npos;
  return cells * (1 + elements(xml)) * (heavy ? 64 : 1);
}

}  // namespace mj
