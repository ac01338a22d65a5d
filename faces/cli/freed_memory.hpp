// The CLI's allocator policy: memory a run frees is kept for the next run instead of being given
// back to the system and faulted in again.
#pragma once

namespace mj::cli {

// Called once at the start of `mj`, never by the library: a program using libmj keeps its own policy.
void keep_freed_memory();

}  // namespace mj::cli
