// mj-dotnet: the .NET binding at work, as test tools of fixed arguments (no flags: `mj run` is the one command
// line). `face` runs one model as the faces tests compare it with `mj run`; `golden` runs every golden run of the
// reference in this one process; `errors` words the shared error cases (tests/cli_errors.xml) as exceptions;
// `world` writes a world's region from World.Region's cells, as `mj world --out OUT.txt` writes it;
// `memory` loops over runs and reports the process's memory; `bench` times runs in this warm process, as
// bench/runs_bench.cpp does through the C++ API (scripts/bench_dotnet.sh runs the two in turn).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;
using System.Threading;
using System.Xml;
using MarkovJunior;

static class Program
{
    static int Main(string[] args)
    {
        try
        {
            string command = args.Length > 0 ? args[0] : "";
            string[] rest = args.Skip(1).ToArray();
            switch (command)
            {
                case "face": return Face(rest);
                case "golden": return Golden.RunAll(rest);
                case "errors": return Errors(rest);
                case "memory": return Memory(rest);
                case "bench": return Bench(rest);
                case "world": return WorldRegion(rest);
                case "--version": Console.WriteLine("mj " + Model.Version); return 0;
            }
            Console.Error.WriteLine("usage: mj-dotnet face MODEL.xml SEED OUT | golden CORPUS GOLDEN | " +
                                    "errors CASES.xml DIR | memory RUNS | bench MODEL.xml RUNS [SIZE] | " +
                                    "world MODEL.xml RESOURCES SEED CHUNK X0 Y0 X1 Y1 OUT.txt");
            return 1;
        }
        catch (MjException e)
        {
            Console.Error.WriteLine(e.Message);  // file:line: message, as mj prints it
            return 1;
        }
        catch (ArgumentException e)
        {
            Console.Error.WriteLine("mj: " + e.Message);
            return 1;
        }
    }

    // MODEL with the default LoadOptions, run with SEED: OUT/state.txt, the picture in OUT named by the library,
    // and the library's line for the run (what the faces test and test.sh compare with `mj run`'s).
    static int Face(string[] args)
    {
        if (args.Length != 3) throw new ArgumentException("face needs MODEL.xml SEED OUT");
        string state = Path.Combine(args[2], "state.txt");
        Console.WriteLine(Run(args[0], new LoadOptions(), int.Parse(args[1]), args[2], state));
        return 0;
    }

    // A 2D world's region read through World.Region, written as the state text `mj world` writes (test.sh compares
    // the two files).
    static int WorldRegion(string[] args)
    {
        if (args.Length != 9) throw new ArgumentException("world needs MODEL.xml RESOURCES SEED CHUNK X0 Y0 X1 Y1 OUT.txt");
        var options = new WorldOptions { Resources = args[1], Seed = int.Parse(args[2]), Chunk = int.Parse(args[3]) };
        long[] corners = args.Skip(4).Take(4).Select(long.Parse).ToArray();
        using (World world = World.Load(args[0], options))
        {
            byte[] cells = world.Region(corners, 2);
            long width = corners[2] - corners[0], height = corners[3] - corners[1];
            var text = new System.Text.StringBuilder();
            text.Append(world.Name + " " + width + " " + height + " 1 " + world.Seed + " 0\n" + world.Legend + "\n");
            for (long i = 0; i < cells.Length; i++)
            {
                text.Append(world.Legend[cells[i]]);
                if ((i + 1) % width == 0) text.Append('\n');
            }
            File.WriteAllText(args[8], text.ToString());
        }
        return 0;
    }

    // Loads, runs and saves one model; the library checks the values, names the files and words the line.
    static string Run(string path, LoadOptions options, int seed, string folder, string state)
    {
        using (Model model = Model.Load(path, options))
        {
            foreach (Notice notice in model.Notices) Console.Error.WriteLine(notice.Text);
            model.Run(seed);
            string picture = model.SavePicture(folder);  // makes the folder the state file goes into
            if (state != null) model.WriteState(state);
            return model.Summary(picture);
        }
    }

    // The case file's arguments (tests/cli_errors.xml: `mj run`'s flags, all numbers) as the options they set, as
    // tests/faces/face_c.py sets C's.
    static readonly Dictionary<string, Action<LoadOptions, int>> CaseOptions =
        new Dictionary<string, Action<LoadOptions, int>> {
            { "--size", (o, v) => o.Size = v }, { "--length", (o, v) => o.Length = v },
            { "--width", (o, v) => o.Width = v }, { "--height", (o, v) => o.Height = v },
            { "--d", (o, v) => o.Dimension = v }, { "--steps", (o, v) => o.Steps = v },
            { "--pixelsize", (o, v) => o.PixelSize = v } };

    // Writes each case's model into DIR/NAME/models/M.xml and prints "NAME<TAB>ARGS<TAB>what mj-dotnet says<TAB>how":
    // the exception's type and, for an MjException, its Status and Setting.
    static int Errors(string[] args)
    {
        var doc = new XmlDocument();
        doc.Load(args[0]);
        foreach (XmlElement c in doc.SelectNodes("/cases/case"))
        {
            string name = c.GetAttribute("name"), extra = c.GetAttribute("args");
            string folder = Path.Combine(args[1], name);
            string model = Path.Combine(folder, "models", "M.xml");
            var text = c.SelectSingleNode("model");
            if (text != null)
            {
                Directory.CreateDirectory(Path.GetDirectoryName(model));
                File.WriteAllText(model, text.InnerText);
            }
            string said, how = "";
            try
            {
                var options = new LoadOptions { SettingNames = LoadOptions.CommandLineSettingNames };
                string[] words = extra.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
                for (int i = 0; i + 1 < words.Length; i += 2) CaseOptions[words[i]](options, int.Parse(words[i + 1]));
                said = "no error: " + Run(model, options, Defaults.Seed, Path.Combine(folder, "out"), null);
            }
            catch (MjException e)
            {
                said = e.Message;
                how = "MjException " + e.Status + " " + e.Setting;
            }
            catch (ArgumentException e)
            {
                said = "mj: " + e.Message;
                how = "ArgumentException";
            }
            Console.WriteLine(name + "\t" + extra + "\t" + said + "\t" + how);
        }
        return 0;
    }

    // After 200 runs to warm up (the JIT, the runtime's heaps), RUNS more load, run, read, render and dispose
    // models (and fail to load one): resident memory before and after them. A grid, picture or handle kept per
    // run (4 KiB and 62 KiB each, a handle more) would show as megabytes of growth.
    static int Memory(string[] args)
    {
        int runs = int.Parse(args[0]);
        const int warmup = 200;
        long before = Resident();  // its own first call loads and compiles what it uses
        for (int i = 0; i < warmup + runs; i++)
        {
            if (i == warmup) before = Resident();
            using (Model model = Model.FromXml("<one values=\"BWA\" origin=\"True\" in=\"WBB\" out=\"WAW\"/>",
                                               new LoadOptions { Size = 63, Name = "maze.xml" }))
            {
                model.Run(i, null, steps => true);
                Grid grid = model.Grid;
                if (grid.Cells.Length != 63 * 63) throw new Exception("wrong grid");
                model.Render(2);
                model.StateText();
            }
            try { Model.FromXml("<one values=\"BW\" in=\"B\" out=\"W\">\n</two>"); }
            catch (MjException) { }
        }
        long after = Resident();
        Console.WriteLine("memory: {0} runs after {1} to warm up: resident {2} KiB before, {3} KiB after ({4:+0;-0} KiB)",
                          runs, warmup, before, after, after - before);
        return 0;
    }

    // Loads MODEL once (its entry's size, or SIZE) and runs seeds 1..RUNS, each a fresh run to the model's step
    // limit: the median and total of the runs' times, the thread's CPU time as bench/runs_bench.cpp takes it
    // (Linux's clock_gettime). Each run is one call into the library (mj_run).
    static int Bench(string[] args)
    {
        int runs = int.Parse(args[1]);
        var options = new LoadOptions { Size = args.Length > 2 ? int.Parse(args[2]) : (int?)null };
        using (Model model = Model.Load(args[0], options))
        {
            var ms = new double[runs];
            long steps = 0;
            for (int seed = 1; seed <= runs; seed++)
            {
                double start = ThreadCpuMs();
                model.Run(seed);
                ms[seed - 1] = ThreadCpuMs() - start;
                steps += model.Steps;
            }
            double total = ms.Sum();
            Array.Sort(ms);
            Console.WriteLine(string.Format(System.Globalization.CultureInfo.InvariantCulture,
                "dotnet {0} runs of {1}: median {2:F3} ms, total {3:F1} ms of CPU, {4} steps", runs, model.Name,
                ms[ms.Length / 2], total, steps));
        }
        return 0;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct Timespec
    {
        public long Seconds, Nanoseconds;
    }

    [DllImport("libc", EntryPoint = "clock_gettime")]
    static extern int ClockGettime(int clock, out Timespec time);

    static double ThreadCpuMs()
    {
        Timespec t;
        ClockGettime(3, out t);  // CLOCK_THREAD_CPUTIME_ID
        return t.Seconds * 1e3 + t.Nanoseconds / 1e6;
    }

    // VmRSS in KiB, after a full collection (what the runtime still holds is counted, garbage is not).
    static long Resident()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        foreach (string line in File.ReadAllLines("/proc/self/status"))
            if (line.StartsWith("VmRSS:")) return long.Parse(Regex.Match(line, @"\d+").Value);
        return -1;
    }
}
