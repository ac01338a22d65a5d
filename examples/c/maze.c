/* Grows a maze through mj's C interface, prints it, writes its picture, and shows how errors read.
 * Build: cc -std=c11 maze.c $(pkg-config --cflags --libs mj) -o maze
 * Run:   ./maze OUT_DIR  (writes OUT_DIR/maze_1.png) */
#include <mj/mj.h>

#include <stdio.h>
#include <string.h>

/* Called about every interval while the run goes on: returning 0 would stop it. */
static int on_progress(const mj_model* model, int steps, void* user) {
  (void)model;
  *(int*)user = steps;
  return 1;
}

static int fail(const char* doing) {
  fprintf(stderr, "%s: %s\n", doing, mj_last_error_text());
  return 1;
}

int main(int argc, char** argv) {
  printf("mj %s\n", mj_version());
  mj_load_options options;
  mj_load_options_init(&options);
  options.size = 15;
  options.name = "maze.xml"; /* what messages call the text */
  mj_model* model = NULL;
  if (mj_model_load_xml("<one values=\"BWA\" origin=\"True\" in=\"WBB\" out=\"WAW\"/>", &options, &model) != MJ_OK)
    return fail("load");

  int seen = -1;
  mj_model_set_progress_interval(model, 0); /* report every step, to show the callback at work */
  mj_run_end end;
  if (mj_run(model, 1, MJ_STEPS_DEFAULT, on_progress, &seen, &end) != MJ_OK) return fail("run");

  mj_grid grid; /* valid until the run changes */
  mj_model_grid(model, &grid);
  for (int y = 0; y < grid.my; y++) {
    for (int x = 0; x < grid.mx; x++) putchar(grid.legend[grid.cells[x + y * grid.mx]]);
    putchar('\n');
  }
  printf("%s, seed %d, progress saw %d steps\n", end == MJ_FINISHED ? "finished" : "not finished",
         mj_model_seed(model), seen);

  if (argc > 1) {
    char stem[4096];
    const char* written = NULL;
    snprintf(stem, sizeof stem, "%s/maze_1", argv[1]);
    if (mj_write_picture(model, stem, &written) != MJ_OK) return fail("picture");
    printf("wrote %s\n", written);
  }
  printf("%d steps\n", mj_model_steps_taken(model));
  mj_model_free(model);

  /* A broken model: the status, and the file, line and message `mj` would print. */
  options.name = "broken.xml";
  if (mj_model_load_xml("<one values=\"BW\" in=\"B\" out=\"W\">\n</two>", &options, &model) == MJ_OK) return 1;
  printf("error %d at %s line %d: %s\n", (int)mj_last_error_status(), mj_last_error_file(), mj_last_error_line(),
         mj_last_error_message());
  return model == NULL ? 0 : 1;
}
