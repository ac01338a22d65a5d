// What a run's models.xml (or demo.xml) entry says that nothing reads, as notices: the model's own notices
// come from its loader (nodes/notices.hpp); these from resolve_run, which alone knows the entry, the size
// decided and the model's symbols together.
#pragma once

#include <string>
#include <vector>

#include "mj/notice.hpp"
#include "mj/run_settings.hpp"

namespace mj {

// The entry's attributes and elements that nothing reads (a misspelt pinz=), read again from its list when it
// came from a file; its <color>s for symbols not among `symbols` (the model's); and its pins and goal, when
// the run's size is not the entry's and the request gives none of its own (they are then not read).
std::vector<Notice> entry_notices(const RunSettings& s, const RunRequest& r, const std::string& symbols);

}  // namespace mj
