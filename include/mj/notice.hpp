// mj: what a model writes that no interpreter reads (a misspelt attribute, an element where nothing reads
// it). The reference passes such things by in silence; mj loads and runs the model as the reference does,
// and says where they are, so that a typo does not go unseen.
#pragma once

#include <string>

namespace mj {

struct Notice {
  std::string file;
  int line = 0;
  std::string message;  // "unknown attribute 'symetry' on <all>; did you mean 'symmetry'? ..."
  // "file:line: warning: message", the line every face that prints notices prints.
  std::string text() const;
  bool operator==(const Notice&) const = default;
};

}  // namespace mj
