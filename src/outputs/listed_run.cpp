// A listed run and its file (mj/batch.hpp: run_listed), as the reference's console program writes them.
#include "mj/batch.hpp"
#include "mj/files.hpp"
#include "mj/outputs.hpp"

namespace mj {

std::filesystem::path run_listed(Model& model, const ListedRun& run, const std::filesystem::path& out,
                                 const RunControl& control) {
  const ModelEntry& entry = *run.entry;
  if (entry.gif) {
    make_folder(out);
    const std::filesystem::path file = out / (output_stem(entry.name, run.seed) + ".gif");
    save_run(model, file, run.seed, {}, {}, control);
    return file;
  }
  model.run(run.seed, {}, control);
  return model.snapshot().save_picture(out, entry.name);  // gui="N": the node tree in an N-pixel margin
}

}  // namespace mj
