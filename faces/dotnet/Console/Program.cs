// mj-dotnet: the .NET binding at work. `run` takes `mj run`'s flags and does what it does; `golden` runs every
// golden run of the reference in this one process; `errors` words the shared error cases (tests/cli_errors.xml)
// as exceptions; `memory` loops over runs and reports the process's memory; `bench` times runs in this warm
// process, as bench/runs_bench.cpp does through the C++ API (scripts/bench_dotnet.sh runs the two in turn).
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
                case "run": Console.WriteLine(Run(RunArgs.Parse(rest))); return 0;
                case "golden": return Golden.RunAll(rest);
                case "errors": return Errors(rest);
                case "memory": return Memory(rest);
                case "bench": return Bench(rest);
                case "--version": Console.WriteLine("mj " + Model.Version); return 0;
            }
            Console.Error.WriteLine("usage: mj-dotnet run MODEL.xml [mj run's flags] | golden CORPUS GOLDEN | " +
                                    "errors CASES.xml DIR | memory RUNS | bench MODEL.xml RUNS [SIZE]");
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

    // `mj run`: one model, with what the flags give; the library decides the rest, checks the values, names the
    // files and words the line mj prints, which this returns.
    public static string Run(RunArgs a)
    {
        var options = new LoadOptions {
            Size = a.Size, Length = a.Length, Width = a.Width, Height = a.Height, Dimension = a.D, Steps = a.Steps,
            PixelSize = a.PixelSize, Iso = a.Iso ? (bool?)true : null, MaxCells = a.MaxCells, Resources = a.Resources,
            SettingNames = LoadOptions.CommandLineSettingNames };
        using (Model model = Model.Load(a.Model, options))
        {
            foreach (Notice notice in model.Notices) Console.Error.WriteLine(notice.Text);
            model.Run(a.Seed);
            if (a.State != null) model.WriteState(a.State);
            return model.Summary(a.NoPicture ? "" : model.SavePicture(a.Out));
        }
    }

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
                var runArgs = new List<string> { model, "--out", Path.Combine(folder, "out") };
                runArgs.AddRange(extra.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries));
                said = "no error: " + Run(RunArgs.Parse(runArgs.ToArray()));
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

// `mj run`'s flags.
public sealed class RunArgs
{
    public string Model, State, Resources, Out = Defaults.OutputFolder;
    public int Seed = Defaults.Seed;
    public int? Size, Length, Width, Height, D, Steps, PixelSize;
    public long MaxCells;
    public bool Iso, NoPicture;

    public static RunArgs Parse(string[] args)
    {
        var a = new RunArgs();
        for (int i = 0; i < args.Length; i++)
        {
            string flag = args[i];
            Func<string> value = () => {
                if (++i >= args.Length) throw new ArgumentException(flag + " needs a value");
                return args[i];
            };
            switch (flag)
            {
                case "--size": a.Size = Int(flag, value()); break;
                case "--length": a.Length = Int(flag, value()); break;
                case "--width": a.Width = Int(flag, value()); break;
                case "--height": a.Height = Int(flag, value()); break;
                case "--d": a.D = Int(flag, value()); break;
                case "--seed": a.Seed = Int(flag, value()); break;
                case "--steps": a.Steps = Int(flag, value()); break;
                case "--pixelsize": a.PixelSize = Int(flag, value()); break;
                case "--max-cells": a.MaxCells = long.Parse(value()); break;
                case "--state": a.State = value(); break;
                case "--out": a.Out = value(); break;
                case "--resources": a.Resources = value(); break;
                case "--iso": a.Iso = true; break;
                case "--no-picture": a.NoPicture = true; break;
                default:
                    if (flag.StartsWith("-") || a.Model != null) throw new ArgumentException("unknown argument " + flag);
                    a.Model = flag;
                    break;
            }
        }
        if (a.Model == null) throw new ArgumentException("run needs a model file");
        return a;
    }

    static int Int(string flag, string text)
    {
        int n;
        if (!int.TryParse(text, out n)) throw new ArgumentException(flag + ": must be a whole number");
        return n;
    }
}
