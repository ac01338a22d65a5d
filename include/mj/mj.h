/* mj's C interface: load a MarkovJunior model, run it, read its grid, write its pictures.
 *
 * Plain C11 over mj's C++ library, for languages that call C (.NET's P/Invoke, Rust, Go, Lua...).
 * Link with libmj.so (`pkg-config --cflags --libs mj`). Sizes, default steps, pixel size and colours are
 * decided as `mj run` decides them: a model listed in a models.xml beside it gets its entry's, a model alone
 * the library's defaults (64x64, or 24^3 when its rules are 3D; 50000 steps).
 *
 * Errors: every function that returns mj_status returns MJ_OK, or another status after recording the error
 * for the calling thread (mj_last_error_*). A success leaves the last error as it was. No C++ exception
 * leaves this interface.
 *
 * Ownership: strings and arrays this interface returns belong to it; each function says how long they stay
 * valid. A handle is for one thread at a time; different handles may run in different threads at once. */
#ifndef MJ_MJ_H
#define MJ_MJ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(MJ_BUILDING)
#define MJ_API __declspec(dllexport)
#elif defined(_WIN32)
#define MJ_API __declspec(dllimport)
#elif defined(__GNUC__)
#define MJ_API __attribute__((visibility("default")))
#else
#define MJ_API
#endif

/* The kinds of failure of the library (mj/error.hpp's ErrorKind). */
typedef enum mj_status {
  MJ_OK = 0,
  MJ_ERROR_MODEL = 1,        /* a problem in the model or its resources (file, line, message) */
  MJ_ERROR_ARGUMENT = 2,     /* a NULL handle or pointer, or a value this interface does not take */
  MJ_ERROR_MEMORY = 3,       /* out of memory */
  MJ_ERROR_INTERNAL = 4,     /* any other failure inside mj (a bug: please report it) */
  MJ_ERROR_MISSING_FILE = 5, /* a model, resource or picture file that is not there */
  MJ_ERROR_IO = 6,           /* a file that cannot be read or written (the system's reason) */
  MJ_ERROR_LIMIT = 7         /* a limit reached (grid cells, steps, picture size): its setting raises it */
} mj_status;

/* How a run ended. */
typedef enum mj_run_end { MJ_FINISHED = 0, MJ_STEP_LIMIT = 1, MJ_STOPPED = 2 } mj_run_end;

/* "0.1.0": the library's version. Static storage. */
MJ_API const char* mj_version(void);

/* The library's defaults and bounds (mj/defaults.hpp), for a face that shows them before a model is loaded:
   a form's seed, an output folder. Static storage. */
typedef struct mj_defaults {
  int seed;                  /* a run's seed when none is given */
  const char* output_folder; /* where outputs go when no folder is named */
  int steps, gif_steps;      /* step limits when none is given; a GIF entry's */
  int pixelsize, max_pixelsize;
  int size_2d, size_3d;      /* grid sides when none is given */
  int progress_milliseconds; /* how often a run calls its progress callback */
  int max_gif_frames;
  long long max_cells;  /* the largest grid in cells when mj_load_options.max_cells is not given */
  int free_cell;        /* a cell of pins or a goal left free: MJ_FREE_CELL */
  long long max_states; /* the most states explore enumerates when no bound is given */
} mj_defaults;
MJ_API const mj_defaults* mj_library_defaults(void);

/* The calling thread's last error. The strings stay valid until the next failing call on this thread;
 * before any failure they are "" and the line 0. `file` is "" when the error has no file (a bad argument). */
MJ_API mj_status mj_last_error_status(void);
MJ_API const char* mj_last_error_file(void);
MJ_API int mj_last_error_line(void);
MJ_API const char* mj_last_error_message(void);
MJ_API const char* mj_last_error_text(void); /* "file:line: message", as `mj` prints it */
/* The setting that would fix the last error, in the library's order (mj/error.hpp's Setting). */
typedef enum mj_setting {
  MJ_SETTING_NONE = 0,
  MJ_SETTING_SIZE = 1,
  MJ_SETTING_STEPS = 2,
  MJ_SETTING_SEED = 3,
  MJ_SETTING_PIXELSIZE = 4,
  MJ_SETTING_MAX_CELLS = 5,
  MJ_SETTING_RESOURCES = 6,
  MJ_SETTING_WORKERS = 7,
  MJ_SETTING_MAX_STATES = 8 /* mj explore's state limit (not in the C interface's calls) */
} mj_setting;
MJ_API mj_setting mj_last_error_setting(void);
/* `mj run`'s flags for the settings ("--size (or ...)", "--steps", ...: seven strings in mj_setting's order from
 * MJ_SETTING_SIZE), for a program that takes mj run's flags: pass it as mj_load_options.setting_names. Static. */
MJ_API const char* const* mj_command_line_setting_names(void);

/* ---- Loading ---------------------------------------------------------------------------------------- */

/* Options that are not given (MJ_UNSET) take the model's entry or the defaults; a value given is checked by the
 * library (a side of 0 or less, a step limit below 0, a pixel size outside 1 to 64: MJ_ERROR_ARGUMENT). Fill with
 * mj_load_options_init. */
typedef struct mj_load_options {
  int size;                  /* every side; MJ_UNSET: not given */
  int length, width, height; /* sides along x, y, z one by one; MJ_UNSET: not given */
  int dimension;             /* 2 or 3; MJ_UNSET: the entry's, else what the model's rules need */
  int steps;                 /* the step limit MJ_STEPS_DEFAULT runs take (0: none); MJ_UNSET: decided */
  int pixelsize;             /* pixels per cell of pictures, 1 to 64; MJ_UNSET: decided */
  int iso;                   /* 1: 3D pictures isometric; 0: VOX; MJ_UNSET: decided */
  long long max_cells;       /* largest grid in cells, also grids map and wfc make; <= 0: the defaults' max_cells */
  const char* resources;     /* folder with rules/, samples/, tilesets/; NULL: ../resources from the model
                                file, ./resources for text. Copied: may be freed after loading */
  const char* name;          /* for mj_model_load_xml: what messages call the model; NULL: "<string>" */
  /* A face's words for the settings that messages ask to change ({size, steps, seed, pixelsize,
     max_cells, resources}, six strings); NULL: the C names ("mj_load_options.size", ...). Copied. */
  const char* const* setting_names;
  int backtrack; /* 1: every wfc undoes its latest choices on a contradiction (mj run --backtrack); 0: not */
  /* Files of pins and of a goal (mj run --pins, --goal; mj_model_set_pins): a PNG in the model's colours (a
     transparent pixel: free), a VOX (an empty voxel: free) or a state text (mj run --state; '*': free). NULL: none.
     Copied. */
  const char* pins;
  const char* goal;
} mj_load_options;

#define MJ_UNSET (-2147483647 - 1)
#define MJ_STEPS_DEFAULT (-2147483647 - 1) /* for mj_run/mj_advance: the model's decided step limit */
/* for mj_start/mj_run: the model's decided seed, its entry's first listed seed (as mj run), else the default's */
#define MJ_SEED_DEFAULT (-2147483647 - 1)

/* Every number MJ_UNSET but max_cells (0), every string NULL. */
MJ_API void mj_load_options_init(mj_load_options* options);

typedef struct mj_model mj_model; /* opaque */

/* Loads and checks a model file (a path, or a name looked for in ./models). `options` may be NULL.
 * On success *out is a new handle that the caller frees with mj_model_free; on failure *out is NULL. */
MJ_API mj_status mj_model_load(const char* path, const mj_load_options* options, mj_model** out);
/* The same from the model's XML text (copied). */
MJ_API mj_status mj_model_load_xml(const char* xml, const mj_load_options* options, mj_model** out);
/* Frees the handle and everything it returned. NULL is allowed. */
MJ_API void mj_model_free(mj_model* model);

/* What loading decided. Strings belong to the handle and live as long as it. NULL model: 0 or "". */
MJ_API const char* mj_model_name(const mj_model* model); /* the file's stem: pictures are NAME_SEED.png */
MJ_API int mj_model_steps(const mj_model* model);        /* the step limit (<= 0: none) */
MJ_API int mj_model_pixelsize(const mj_model* model);
MJ_API int mj_model_iso(const mj_model* model);
/* Where the grid size came from: "given", "default size", or the entry's "FILE:LINE" (mj run prints it). */
MJ_API const char* mj_model_size_from(const mj_model* model);

/* Notices: what the model writes that no interpreter reads (a misspelt attribute, an element that nothing reads
 * where it stands). The model loads and runs as if they were not there; `mj run` prints each on stderr. Each has a
 * file, a line, a message, and the text `mj run` prints ("file:line: warning: message"), in the order written.
 * The strings belong to the handle and live as long as it. A NULL model or an index outside 0 to count - 1: ""
 * and 0. */
MJ_API int mj_model_notice_count(const mj_model* model);
MJ_API const char* mj_model_notice_file(const mj_model* model, int index);
MJ_API int mj_model_notice_line(const mj_model* model, int index);
MJ_API const char* mj_model_notice_message(const mj_model* model, int index);
MJ_API const char* mj_model_notice_text(const mj_model* model, int index);
/* Run notices: what went wrong in the latest run without stopping it (a wfc that found no collapse: its grid stays
 * unfinished); `mj run` prints each on stderr. mj_model_run_notice_count takes them from the run as it stands; the
 * text ("file:line: warning: message") of each then lives until the next count. */
MJ_API int mj_model_run_notice_count(mj_model* model);
MJ_API const char* mj_model_run_notice_text(const mj_model* model, int index);

/* ---- Running ---------------------------------------------------------------------------------------- */

/* Called about every 100 ms of a run (mj_model_set_progress_interval) with the steps taken so far;
 * return nonzero to go on, 0 to stop the run where it is (mj_advance goes on from there). It must not
 * call back into the same handle except for reading (mj_model_grid, mj_model_steps_taken...). */
typedef int (*mj_progress_fn)(const mj_model* model, int steps, void* user);

/* Begins a fresh run: the same seed always gives the same run (MJ_SEED_DEFAULT: the model's decided seed). */
MJ_API mj_status mj_start(mj_model* model, int seed);
/* Up to `n` steps of the current run, never past its step limit; *taken (may be NULL) gets how many were made,
 * fewer than n once the program has finished or reached the limit. Steps without a start are an
 * MJ_ERROR_ARGUMENT. */
MJ_API mj_status mj_step(mj_model* model, int n, int* taken);
/* mj_start(seed) (MJ_SEED_DEFAULT: the model's decided seed), then steps until the program ends, `max_steps` steps are
 * made (0: no limit; MJ_STEPS_DEFAULT: the model's decided limit; negative: MJ_ERROR_ARGUMENT) or `progress` (may be
 * NULL) returns 0. *end may be NULL. mj_start's limit is the model's decided one. */
MJ_API mj_status mj_run(mj_model* model, int seed, int max_steps, mj_progress_fn progress, void* user, mj_run_end* end);
/* Goes on with the current run in the same way; max_steps (the run's new limit, or MJ_STEPS_DEFAULT: the run's
 * limit as it is) counts from the run's start. */
MJ_API mj_status mj_advance(mj_model* model, int max_steps, mj_progress_fn progress, void* user, mj_run_end* end);
/* How often progress is called, in milliseconds of wall time (default 100; 0: whenever the run reads its clock,
 * which it does every few steps). */
MJ_API mj_status mj_model_set_progress_interval(mj_model* model, int milliseconds);

MJ_API int mj_model_seed(const mj_model* model);        /* the current run's seed; 0 before the first */
MJ_API int mj_model_steps_taken(const mj_model* model); /* steps since the start */
MJ_API int mj_model_finished(const mj_model* model);    /* 1 once the program has ended */
MJ_API int mj_model_waiting(const mj_model* model);     /* 1 while the next step waits for an input (mj_model_send) */

/* Where a run stands, in one call (what a page's frame shows). `kind` is valid as mj_model_active_node's. */
typedef struct mj_run_status {
  int started, seed, steps, step_limit; /* step_limit: the run's (0: none) */
  int ended, at_step_limit;             /* finished; or not finished but at its limit: steps go no further */
  const char* kind;                     /* the node the next step runs ("" when none), its line and depth */
  int line, depth;
  int searching, search_states, search_frontier, search_best; /* a search under way inside a step */
  int recording, history_first, history_last;                 /* the steps the record holds */
  int waiting; /* the next step waits for an input (an <event> of the mj dialect runs next, none queued) */
} mj_run_status;
MJ_API mj_status mj_model_status(mj_model* model, mj_run_status* out);

/* Sends an input (a key's name, "ArrowLeft") to the current run: the next <event> that runs takes it (the mj
 * dialect, docs/language/extensions.md). Time is counted in steps: a seed and the steps at which its inputs
 * were sent (mj_model_steps_taken at each send) replay a run exactly. Without a start: MJ_ERROR_ARGUMENT. */
MJ_API mj_status mj_model_send(mj_model* model, const char* key);
/* Pins and a goal (docs/constraints.md): `count` cells, one per cell of the grid the run ends on (x fastest, then
 * y, then z: the start grid, or a model with one <wfc> the wfc's grid), each a value of its legend or MJ_FREE_CELL. A
 * pinned cell holds its value all run long (no rule, path or convolution changes it); a goal's cells are what the
 * model's inference (<observe>) must end with. They take effect at the next start; count 0 drops them. A wrong count or
 * value, a model with a <map> or a second <wfc> (a goal: any <wfc>), or (a goal) a model without <observe>:
 * MJ_ERROR_ARGUMENT. MJ_FREE_CELL is mj_library_defaults()->free_cell, a constant for C's array initialisers (the
 * library's build checks that they agree). */
#define MJ_FREE_CELL 255
MJ_API mj_status mj_model_set_pins(mj_model* model, const uint8_t* cells, int count);
MJ_API mj_status mj_model_set_goal(mj_model* model, const uint8_t* cells, int count);
/* The inputs the run was sent, in order: each key and the step the run stood at when it came. A NULL model or an
 * index outside 0 to count - 1: "" and 0. The keys live until the next send, start or replay. */
MJ_API int mj_model_input_count(const mj_model* model);
MJ_API const char* mj_model_input_key(const mj_model* model, int index);
MJ_API int mj_model_input_step(const mj_model* model, int index);
/* A run of `seed` again, keys[i] sent at steps[i] (count inputs, in the order of their steps), until it ends or
 * max_steps (MJ_STEPS_DEFAULT: the model's limit; 0: none): a game's seed and inputs give its grids again. */
MJ_API mj_status mj_model_replay(mj_model* model, int seed, const int* steps, const char* const* keys, int count,
                                 int max_steps, mj_run_end* end);

/* The grid: its sides, its legend (legend[v] is value v's symbol), and mx*my*mz cell values, x fastest,
 * then y, then z. `legend` and `cells` belong to the handle and stay valid until the next call that changes
 * the run (mj_start, mj_step, mj_run, mj_advance) or mj_model_free. Before a start: the empty grid. */
typedef struct mj_grid {
  int mx, my, mz;
  const char* legend;
  const uint8_t* cells;
} mj_grid;
MJ_API mj_status mj_model_grid(mj_model* model, mj_grid* out);

/* The node the next step runs: its element name ("one", "markov"...), its line in the model, its depth
 * below the root. Returns 1 and fills the fields (`kind` valid as the grid is), or 0 when no node runs
 * (before a start, after the end, or a NULL argument). */
MJ_API int mj_model_active_node(mj_model* model, const char** kind, int* line, int* depth);

/* ---- Pictures and files ----------------------------------------------------------------------------- */

/* The grid as `mj run` draws it: 2D as squares of `pixelsize` pixels, 3D as isometric cubes (pixelsize
 * 0: the model's, else 1 to 64). `rgba` gets width*height*4 bytes, rows top down, each pixel R, G, B, A; it belongs to
 * the handle and stays valid until the next mj_render or mj_model_free. */
MJ_API mj_status mj_render(mj_model* model, int pixelsize, int* width, int* height, const uint8_t** rgba);
/* Files, each written whole or not at all. pixelsize 0: the model's (else 1 to 64). */
MJ_API mj_status mj_write_png(mj_model* model, const char* path, int pixelsize);
MJ_API mj_status mj_write_vox(mj_model* model, const char* path);
/* The grid in the format of `path`'s extension: .png (3D isometric), .vox, .glb (glTF 2.0 for game engines),
 * .tmj (a Tiled map, with its tileset NAME_tiles.png beside it: the palette's colours, or a tile model's
 * tile pictures), .gif (the run again, animated, to where it stands) or .txt (the state text); another is an
 * MJ_ERROR_ARGUMENT saying which. */
MJ_API mj_status mj_write_file(mj_model* model, const char* path, int pixelsize);
/* The picture `mj run` writes: PNG for 2D grids and iso 3D, else VOX, named `stem` + ".png" or ".vox".
 * *written (may be NULL) gets the file's name, valid until the next call on the handle. */
MJ_API mj_status mj_write_picture(mj_model* model, const char* stem, const char** written);
/* The picture `mj run` writes into `folder` (made when missing): FOLDER/NAME_SEED.png or .vox, the name made safe
 * for a file. *written (may be NULL) as for mj_write_picture. */
MJ_API mj_status mj_save_picture(mj_model* model, const char* folder, const char** written);
/* "NAME_SEED" of the current run, made safe for a file name; the line `mj run` prints for it ("NAME seed SEED
 * (size, where from): STEPS steps -> WRITTEN"; `written` may be NULL or ""). Valid until the next call of the
 * same function on the handle; "" for a NULL handle. */
MJ_API const char* mj_model_output_stem(mj_model* model);
MJ_API const char* mj_run_summary(mj_model* model, const char* written);
/* The grid as text ("NAME FX FY FZ SEED STEPS", the legend, the rows): `mj run --state`'s format.
 * The string belongs to the handle, valid until the next mj_state_text or mj_model_free. */
MJ_API mj_status mj_state_text(mj_model* model, const char** text);
MJ_API mj_status mj_write_state(mj_model* model, const char* path);

/* ---- Worlds ----------------------------------------------------------------------------------------- */

/* A world (docs/worlds.md): a model's endless grid, made chunk by chunk, every cell a function of the model, the
 * seed and the chunk, margin and seam alone: a region comes out the same whether asked for at once, in pieces, in
 * any order of chunks or in threads. Coordinates are in cells of the model's grid; a region is named by its corners,
 * 4 numbers in a 2D world (x0, y0, x1, y1) and 6 in a 3D one (x0, y0, z0, x1, y1, z1), the second corner left out;
 * another count is an MJ_ERROR_ARGUMENT. Cells go x fastest, then y, then z. */
typedef struct mj_world mj_world; /* opaque */

/* The model as mj_model_load takes it (its sides are the world's to decide, and not read), and the world's numbers:
 * MJ_UNSET leaves one to the library (seed: the default seed; chunk: 64 in 2D, 16 in 3D; margin: a quarter of a
 * chunk; seam: half the margin). Fill with mj_world_options_init. */
typedef struct mj_world_options {
  mj_load_options load;
  int seed, chunk, margin, seam;
} mj_world_options;
MJ_API void mj_world_options_init(mj_world_options* options);

/* Loads the model and decides the world: a model no world can be made of (an <event>, a <map>...) is an
 * MJ_ERROR_ARGUMENT at the line that forbids it, as is a chunk, margin or seam out of range;
 * a problem in the model itself is an MJ_ERROR_MODEL as for mj_model_load.
 * `options` may be NULL. On success *out is a new handle the caller frees with mj_world_free; on failure NULL. */
MJ_API mj_status mj_world_new(const char* path, const mj_world_options* options, mj_world** out);
MJ_API mj_status mj_world_new_xml(const char* xml, const mj_world_options* options, mj_world** out);
MJ_API void mj_world_free(mj_world* world); /* NULL is allowed */

/* What the world decided (NULL world: 0 or ""). The legend (legend[v] is value v's symbol) and the name live as
 * long as the handle. */
MJ_API int mj_world_seed(const mj_world* world);
MJ_API int mj_world_dimension(const mj_world* world);
MJ_API int mj_world_chunk(const mj_world* world);
MJ_API int mj_world_margin(const mj_world* world);
MJ_API int mj_world_seam(const mj_world* world);
MJ_API const char* mj_world_legend(const mj_world* world);
MJ_API const char* mj_world_name(const mj_world* world);

/* Called on the calling thread each time a chunk is made, with the chunks made and those to make in all; return
 * nonzero to go on, 0 to stop (the call then fails with MJ_ERROR_ARGUMENT, "the world's region was stopped"). */
typedef int (*mj_world_progress_fn)(long long done, long long total, void* user);

/* The region's cells into `cells`, which holds `size` bytes, at least the region's cells (else MJ_ERROR_ARGUMENT).
 * Chunks are made in `threads` threads (0 or less: 1) and kept by the handle for later calls. `progress` may be
 * NULL. A region past the model's max_cells is an MJ_ERROR_LIMIT: write it with mj_world_save_region. */
MJ_API mj_status mj_world_region(mj_world* world, const long long* corners, int count, int threads,
                                 mj_world_progress_fn progress, void* user, uint8_t* cells, size_t size);
/* The region written to `path`, chunk row by chunk row, whatever its size: a .png (2D; pixelsize 0: the model's),
 * a .txt (the state text, mj run --state's format) or a folder (one file per chunk and index.json), as `mj world`
 * writes it. A file is written whole or not at all. */
MJ_API mj_status mj_world_save_region(mj_world* world, const long long* corners, int count, const char* path,
                                      int threads, mj_world_progress_fn progress, void* user, int pixelsize);

/* A chunk's place: chunk (x, y, z) holds the cells from (x, y, z) * chunk on (z 0 in 2D). For a caller that
 * schedules chunks itself (on its own threads or machines): chunk c's cells are mj_world_run_chunk's of the cells
 * of mj_world_needs(c), and the same in every process that makes the same world. */
typedef struct mj_chunk {
  long long x, y, z;
} mj_chunk;
/* The chunks whose cells chunk `c`'s run takes, in the order mj_world_run_chunk takes them: up to `capacity`
 * into `needs` (may be NULL when capacity is 0); *count gets how many there are (at most 8 in 2D, 26 in 3D). */
MJ_API mj_status mj_world_needs(const mj_world* world, mj_chunk c, mj_chunk* needs, int capacity, int* count);
/* Chunk `c`'s cells (chunk^dimension bytes; `size` less is an MJ_ERROR_ARGUMENT) from `needed[i]`, the cells
 * of the i-th chunk mj_world_needs names (`count` of them, each chunk^dimension bytes). The handle is only read:
 * threads may run chunks of one world at once. */
MJ_API mj_status mj_world_run_chunk(const mj_world* world, mj_chunk c, const uint8_t* const* needed, int count,
                                    uint8_t* cells, size_t size);

/* ---- Model lists ------------------------------------------------------------------------------------ */

/* A models.xml, as the reference's console program reads it: each entry's name, grid sides and step limit. */
typedef struct mj_model_list mj_model_list; /* opaque */
typedef struct mj_list_entry {
  const char* name; /* valid as long as the list */
  int line;         /* where the entry is written */
  int mx, my, mz;
  int steps; /* 0: no limit */
  int pixelsize;
  int iso;
} mj_list_entry;
/* On success *out is a new list that the caller frees with mj_model_list_free. */
MJ_API mj_status mj_model_list_load(const char* path, mj_model_list** out);
MJ_API void mj_model_list_free(mj_model_list* list);
MJ_API int mj_model_list_count(const mj_model_list* list);
MJ_API mj_status mj_model_list_entry(const mj_model_list* list, int index, mj_list_entry* out);

#ifdef __cplusplus
}
#endif

#endif /* MJ_MJ_H */
