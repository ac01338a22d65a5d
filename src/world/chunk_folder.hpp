// A world's region written as a folder of chunk files with index.json (save_region's folder form).
#pragma once

#include <filesystem>

#include "mj/world.hpp"

namespace mj {

void save_chunk_folder(World& world, const Region& r, const std::filesystem::path& out, const WorldControl& control,
                       int pixelsize);

}  // namespace mj
