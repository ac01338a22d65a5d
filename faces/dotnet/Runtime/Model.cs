using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace MarkovJunior
{
    // What a load may set; what it leaves null the library decides: a model listed in a models.xml beside it
    // takes its entry's size, steps and pixel size, a model alone the library's defaults. The library checks
    // what is given (MjException with Status Argument).
    public class LoadOptions
    {
        public int? Size, Length, Width, Height;  // sides
        public int? Dimension;                    // 2 or 3
        public int? Steps, PixelSize;             // the step limit (0: none), pixels per cell
        public bool? Iso;                         // 3D pictures isometric PNG rather than VOX
        public bool Backtrack;                    // every wfc backtracks on contradictions (mj run --backtrack)
        public string Pins, Goal;                 // files of pins and a goal (mj run --pins, --goal); null: none
        public long MaxCells;                     // largest grid in cells; 0: the library's limit
        public string Resources;                 // null: ../resources from the model file
        public string Name;                      // what messages call XML text; null: "<string>"
        // How messages name the settings to change {size, steps, seed, pixelsize, max_cells, resources}.
        public string[] SettingNames = DefaultSettingNames;

        public static readonly string[] DefaultSettingNames = {
            "LoadOptions.Size (or Length, Width, Height)", "the step limit", "the seed", "LoadOptions.PixelSize",
            "LoadOptions.MaxCells", "LoadOptions.Resources" };

        // The C interface's options, their strings in `strings` (freed with it).
        internal Native.LoadOptions ToNative(Utf8.Block strings)
        {
            Native.LoadOptions o;
            Native.mj_load_options_init(out o);
            o.size = Size ?? Native.Unset; o.length = Length ?? Native.Unset;
            o.width = Width ?? Native.Unset; o.height = Height ?? Native.Unset;
            o.dimension = Dimension ?? Native.Unset;
            if (Steps.HasValue) o.steps = Steps.Value;
            if (PixelSize.HasValue) o.pixelsize = PixelSize.Value;
            if (Iso.HasValue) o.iso = Iso.Value ? 1 : 0;
            o.max_cells = MaxCells;
            o.backtrack = Backtrack ? 1 : 0;
            o.resources = strings.Add(Resources);
            o.name = strings.Add(Name);
            o.pins = strings.Add(Pins);
            o.goal = strings.Add(Goal);
            if (SettingNames != null && SettingNames.Length != 6)
                throw new ArgumentException("SettingNames needs 6 names", "options");
            o.setting_names = strings.AddArray(SettingNames);
            return o;
        }

        // `mj run`'s flags, from the library: for a program that takes them (the console's `errors` cases).
        public static string[] CommandLineSettingNames
        {
            get
            {
                IntPtr names = Native.mj_command_line_setting_names();
                var read = new string[6];
                for (int i = 0; i < read.Length; i++) read[i] = Utf8.Read(Marshal.ReadIntPtr(names, i * IntPtr.Size));
                return read;
            }
        }
    }

    public enum RunEnd { Finished = 0, StepLimit = 1, Stopped = 2 }

    // A copy of the grid: Cells[x + y * Mx + z * Mx * My] is the value of a cell, Legend[value] its symbol.
    public sealed class Grid
    {
        public int Mx, My, Mz;
        public string Legend;
        public byte[] Cells;
    }

    public sealed class Picture
    {
        public int Width, Height;
        public byte[] Rgba;  // Width * Height * 4 bytes, rows top down
    }

    // The node the next step runs.
    public sealed class ActiveNode
    {
        public string Kind;  // "one", "markov", ...
        public int Line, Depth;
    }

    // What a model writes that no interpreter reads (a misspelt attribute, an element nothing reads where it
    // stands): the model runs as if it were not there. Text is the line `mj run` prints on stderr.
    public sealed class Notice
    {
        public string File, Message, Text;  // Text: "file:line: warning: message"
        public int Line;
        public override string ToString() { return Text; }
    }

    // A loaded MarkovJunior model: run it with a seed, step it, read its grid, write its pictures. Loading throws
    // MjException for any problem in the model. One thread at a time per Model; Models share nothing.
    public sealed class Model : IDisposable
    {
        readonly ModelHandle handle;

        Model(ModelHandle handle) { this.handle = handle; }

        public static string Version { get { return Utf8.Read(Native.mj_version()); } }

        // A model file (or a name looked for in ./models).
        public static Model Load(string path, LoadOptions options = null)
        {
            if (path == null) throw new ArgumentNullException("path");
            return Open(options, (ref Native.LoadOptions o) => {
                ModelHandle h;
                int status = Native.mj_model_load(Utf8.Bytes(path), ref o, out h);
                return Tuple.Create(status, h);
            });
        }

        // A model's XML text.
        public static Model FromXml(string xml, LoadOptions options = null)
        {
            if (xml == null) throw new ArgumentNullException("xml");
            return Open(options, (ref Native.LoadOptions o) => {
                ModelHandle h;
                int status = Native.mj_model_load_xml(Utf8.Bytes(xml), ref o, out h);
                return Tuple.Create(status, h);
            });
        }

        delegate Tuple<int, ModelHandle> Loader(ref Native.LoadOptions options);

        static Model Open(LoadOptions options, Loader load)
        {
            options = options ?? new LoadOptions();
            using (var strings = new Utf8.Block())
            {
                Native.LoadOptions o = options.ToNative(strings);
                Tuple<int, ModelHandle> loaded = load(ref o);
                if (loaded.Item1 != 0)
                {
                    if (loaded.Item2 != null) loaded.Item2.Dispose();
                    throw MjException.FromLastError(loaded.Item1);
                }
                return new Model(loaded.Item2);
            }
        }

        public void Dispose() { handle.Dispose(); }

        // What loading decided.
        public string Name { get { return Utf8.Read(Native.mj_model_name(H)); } }
        public int StepLimit { get { return Native.mj_model_steps(H); } }  // 0: none
        public int PixelSize { get { return Native.mj_model_pixelsize(H); } }
        public bool Iso { get { return Native.mj_model_iso(H) != 0; } }
        // Where the size came from: "given", "default size", or the entry's "FILE:LINE".
        public string SizeFrom { get { return Utf8.Read(Native.mj_model_size_from(H)); } }
        // What the model writes that nothing reads, in the order written (mj run prints each on stderr).
        public IList<Notice> Notices
        {
            get
            {
                var notices = new List<Notice>();
                for (int i = 0; i < Native.mj_model_notice_count(H); i++)
                    notices.Add(new Notice {
                        File = Utf8.Read(Native.mj_model_notice_file(H, i)), Line = Native.mj_model_notice_line(H, i),
                        Message = Utf8.Read(Native.mj_model_notice_message(H, i)),
                        Text = Utf8.Read(Native.mj_model_notice_text(H, i)) });
                return notices;
            }
        }

        // What went wrong in the latest run without stopping it (a wfc that found no collapse: its grid is
        // unfinished), each as `mj run` prints it: "file:line: warning: message".
        public IList<string> RunNotices
        {
            get
            {
                var texts = new List<string>();
                int count = Native.mj_model_run_notice_count(H);
                for (int i = 0; i < count; i++) texts.Add(Utf8.Read(Native.mj_model_run_notice_text(H, i)));
                return texts;
            }
        }

        // The current run.
        public int Seed { get { return Native.mj_model_seed(H); } }
        public int Steps { get { return Native.mj_model_steps_taken(H); } }
        public bool Finished { get { return Native.mj_model_finished(H) != 0; } }
        // The next step waits for an input (an <event> of the mj dialect runs next and none is queued): Send one.
        public bool Waiting { get { return Native.mj_model_waiting(H) != 0; } }

        // A fresh run: the same seed always gives the same run (null: the model's decided seed, its entry's first
        // listed seed as mj run runs it, else the library's default).
        public void Start(int? seed = null) { Native.Check(Native.mj_start(H, seed ?? Native.Unset)); }

        // Up to n steps, never past the run's step limit; returns how many were made (fewer once the program has
        // ended or reached the limit).
        public int Step(int n = 1)
        {
            int taken;
            Native.Check(Native.mj_step(H, n, out taken));
            return taken;
        }

        // Sends an input (a key's name, "ArrowLeft") to the run: the next <event> of the mj dialect that runs takes
        // it. Time is counted in steps: a seed and the Steps at which its inputs were sent replay a run exactly.
        public void Send(string key)
        {
            Native.Check(Native.mj_model_send(H, Utf8.Bytes(key)));
        }

        // A byte of SetPins and SetGoal that leaves its cell free (the library's).
        public static byte FreeCell { get { return Defaults.FreeCell; } }

        // Pins (docs/constraints.md): per cell of the grid the run ends on (the start grid, or a wfc model's wfc
        // grid; x fastest), a value that cell holds all run long, or FreeCell; from the next start; null or empty: none.
        public void SetPins(byte[] cells)
        {
            Native.Check(Native.mj_model_set_pins(H, cells ?? new byte[0], cells == null ? 0 : cells.Length));
        }

        // A goal: per cell, a value the model's inference (<observe>) must end with, or FreeCell.
        public void SetGoal(byte[] cells)
        {
            Native.Check(Native.mj_model_set_goal(H, cells ?? new byte[0], cells == null ? 0 : cells.Length));
        }

        // The inputs the run was sent, in order: (step the run stood at, key).
        public IList<KeyValuePair<int, string>> Inputs
        {
            get
            {
                var inputs = new List<KeyValuePair<int, string>>();
                for (int i = 0; i < Native.mj_model_input_count(H); i++)
                    inputs.Add(new KeyValuePair<int, string>(Native.mj_model_input_step(H, i), Utf8.Read(Native.mj_model_input_key(H, i))));
                return inputs;
            }
        }

        // The run of seed again, each input's key sent at its step: a game's Seed and Inputs give its grids again.
        public RunEnd Replay(int seed, IList<KeyValuePair<int, string>> inputs, int? maxSteps = null)
        {
            using (var strings = new Utf8.Block())
            {
                var steps = new int[inputs.Count];
                var keys = new IntPtr[inputs.Count];
                for (int i = 0; i < inputs.Count; i++) { steps[i] = inputs[i].Key; keys[i] = strings.Add(inputs[i].Value); }
                int end;
                Native.Check(Native.mj_model_replay(H, seed, steps, keys, inputs.Count, maxSteps ?? Native.Unset, out end));
                return (RunEnd)end;
            }
        }

        // Start(seed) (null: the model's seed), then steps until the program ends, maxSteps are made (null: the
        // model's limit; 0: none) or progress (called about every ProgressInterval with the steps so far) returns false.
        public RunEnd Run(int? seed = null, int? maxSteps = null, Func<int, bool> progress = null)
        {
            return Go(progress, (fn, user) => {
                int end;
                int status = Native.mj_run(H, seed ?? Native.Unset, maxSteps ?? Native.Unset, fn, user, out end);
                return Tuple.Create(status, end);
            });
        }

        // Goes on with the current run in the same way.
        public RunEnd Advance(int? maxSteps = null, Func<int, bool> progress = null)
        {
            return Go(progress, (fn, user) => {
                int end;
                int status = Native.mj_advance(H, maxSteps ?? Native.Unset, fn, user, out end);
                return Tuple.Create(status, end);
            });
        }

        public TimeSpan ProgressInterval
        {
            set { Native.Check(Native.mj_model_set_progress_interval(H, (int)value.TotalMilliseconds)); }
        }

        // The callback runs inside native code: an exception it throws is kept, the run stopped, and the
        // exception thrown again here (it must not unwind through C). A static method with the state passed as
        // user data, as Unity's IL2CPP needs for calls from native code.
        sealed class ProgressState
        {
            public Func<int, bool> Callback;
            public Exception Thrown;
        }

        static readonly Native.ProgressFn OnProgress = ProgressTrampoline;

        [AOT.MonoPInvokeCallback(typeof(Native.ProgressFn))]
        static int ProgressTrampoline(IntPtr model, int steps, IntPtr user)
        {
            var state = (ProgressState)GCHandle.FromIntPtr(user).Target;
            try
            {
                return state.Callback(steps) ? 1 : 0;
            }
            catch (Exception e)
            {
                state.Thrown = e;
                return 0;
            }
        }

        RunEnd Go(Func<int, bool> progress, Func<Native.ProgressFn, IntPtr, Tuple<int, int>> call)
        {
            if (progress == null)
            {
                Tuple<int, int> plain = call(null, IntPtr.Zero);
                Native.Check(plain.Item1);
                return (RunEnd)plain.Item2;
            }
            var state = new ProgressState { Callback = progress };
            GCHandle pinned = GCHandle.Alloc(state);
            try
            {
                Tuple<int, int> result = call(OnProgress, GCHandle.ToIntPtr(pinned));
                if (state.Thrown != null) throw new InvalidOperationException("the progress callback threw", state.Thrown);
                Native.Check(result.Item1);
                return (RunEnd)result.Item2;
            }
            finally
            {
                pinned.Free();
            }
        }

        // A copy of the grid as it is now.
        public Grid Grid
        {
            get
            {
                Native.Grid g;
                Native.Check(Native.mj_model_grid(H, out g));
                var cells = new byte[(long)g.mx * g.my * g.mz];
                if (cells.Length > 0) Marshal.Copy(g.cells, cells, 0, cells.Length);
                return new Grid { Mx = g.mx, My = g.my, Mz = g.mz, Legend = Utf8.Read(g.legend), Cells = cells };
            }
        }

        // null before a start and after the end.
        public ActiveNode ActiveNode
        {
            get
            {
                IntPtr kind;
                int line, depth;
                if (Native.mj_model_active_node(H, out kind, out line, out depth) == 0) return null;
                return new ActiveNode { Kind = Utf8.Read(kind), Line = line, Depth = depth };
            }
        }

        // The grid as `mj run` draws it (3D as isometric cubes); pixelSize 0: the model's.
        public Picture Render(int pixelSize = 0)
        {
            int width, height;
            IntPtr rgba;
            Native.Check(Native.mj_render(H, pixelSize, out width, out height, out rgba));
            var bytes = new byte[(long)width * height * 4];
            Marshal.Copy(rgba, bytes, 0, bytes.Length);
            return new Picture { Width = width, Height = height, Rgba = bytes };
        }

        public void WritePng(string path, int pixelSize = 0) { Native.Check(Native.mj_write_png(H, Path(path), pixelSize)); }
        public void WriteVox(string path) { Native.Check(Native.mj_write_vox(H, Path(path))); }
        /// <summary>The grid in the format of the path's extension: .png, .vox, .glb (glTF for engines), .tmj (Tiled),
        /// .gif (the run again, animated) or .txt (the state text).</summary>
        public void Save(string path, int pixelSize = 0) { Native.Check(Native.mj_write_file(H, Path(path), pixelSize)); }

        // The picture `mj run` writes into folder (made when missing): NAME_SEED.png or .vox; returns its path.
        public string SavePicture(string folder)
        {
            IntPtr written;
            Native.Check(Native.mj_save_picture(H, Path(folder), out written));
            return Utf8.Read(written);
        }

        // "NAME_SEED" of the current run, made safe for a file name.
        public string OutputStem { get { return Utf8.Read(Native.mj_model_output_stem(H)); } }

        // The line `mj run` prints for the run; written: the picture's path, or "" for none.
        public string Summary(string written) { return Utf8.Read(Native.mj_run_summary(H, Utf8.Bytes(written ?? ""))); }
        // The picture `mj run` writes: stem + ".png" (2D, iso 3D) or ".vox"; returns the file's name.
        public string WritePicture(string stem)
        {
            IntPtr written;
            Native.Check(Native.mj_write_picture(H, Path(stem), out written));
            return Utf8.Read(written);
        }

        // The grid as `mj run --state` writes it.
        public string StateText()
        {
            IntPtr text;
            Native.Check(Native.mj_state_text(H, out text));
            return Utf8.Read(text);
        }

        public void WriteState(string path) { Native.Check(Native.mj_write_state(H, Path(path))); }

        static byte[] Path(string path)
        {
            if (path == null) throw new ArgumentNullException("path");
            return Utf8.Bytes(path);
        }

        ModelHandle H
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException("Model");
                return handle;
            }
        }
    }
}

#if !UNITY_5_3_OR_NEWER
namespace AOT
{
    // Unity defines this attribute (IL2CPP compiles the methods it marks as callable from native code);
    // elsewhere this stand-in keeps the same source compiling.
    [AttributeUsage(AttributeTargets.Method)]
    internal sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }
}
#endif
