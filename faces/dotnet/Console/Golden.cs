// Every golden run of the reference (../shared/golden, see its README) through the C# API (Model), in this
// one process on two threads: each run's grid size and step limit from its entry (models.xml of the corpus for
// index < 1000, models-extra.xml of the golden folder above), its state file compared byte for byte.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading;
using MarkovJunior;

static class Golden
{
    sealed class GoldenRun
    {
        public string File, Name;
        public int Index, Seed;
    }

    public static int RunAll(string[] args)
    {
        string corpus = args[0], golden = args[1];
        string filter = args.Length > 2 ? args[2] : "";
        List<ListEntry> main = ModelList.Load(Path.Combine(corpus, "models.xml"));
        List<ListEntry> extra = ModelList.Load(Path.Combine(golden, "models-extra.xml"));
        var format = new Regex(@"^(\d+)_(.+)_(\d+)\.txt$");
        var runs = new List<GoldenRun>();
        foreach (string file in Directory.GetFiles(golden))
        {
            Match m = format.Match(Path.GetFileName(file));
            if (!m.Success || !Regex.IsMatch(Path.GetFileNameWithoutExtension(file), filter)) continue;
            runs.Add(new GoldenRun { File = file, Index = int.Parse(m.Groups[1].Value), Name = m.Groups[2].Value,
                                     Seed = int.Parse(m.Groups[3].Value) });
        }
        runs = runs.OrderBy(r => r.Index).ThenBy(r => r.Seed).ToList();
        string scratch = Path.Combine(Path.GetTempPath(), "mj-dotnet-golden-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(scratch);
        int next = -1, matched = 0;
        var clock = Stopwatch.StartNew();
        ThreadStart worker = () => {
            for (int i; (i = Interlocked.Increment(ref next)) < runs.Count;)
            {
                string problem = Check(runs[i], corpus, scratch, main, extra);
                if (problem == null) Interlocked.Increment(ref matched);
                else lock (runs) Console.WriteLine("MISMATCH " + Path.GetFileName(runs[i].File) + " " + problem);
            }
        };
        var threads = Enumerable.Range(0, 2).Select(_ => new Thread(worker)).ToList();
        threads.ForEach(t => t.Start());
        threads.ForEach(t => t.Join());
        Directory.Delete(scratch, true);
        Console.WriteLine("dotnet: {0}/{1} matched ({2:0.0} s)", matched, runs.Count, clock.Elapsed.TotalSeconds);
        return runs.Count > 0 && matched == runs.Count ? 0 : 1;
    }

    // null when the run matches, else what went wrong.
    static string Check(GoldenRun run, string corpus, string scratch, List<ListEntry> main, List<ListEntry> extra)
    {
        List<ListEntry> list = run.Index < 1000 ? main : extra;
        int k = run.Index < 1000 ? run.Index : run.Index - 1000;
        if (k >= list.Count) return "no such entry";
        ListEntry e = list[k];
        string state = Path.Combine(scratch, Path.GetFileName(run.File));
        try
        {
            var options = new LoadOptions { Length = e.Mx, Width = e.My, Height = e.Mz, Steps = e.Steps,
                                            Resources = Path.Combine(corpus, "resources") };
            using (Model model = Model.Load(Path.Combine(corpus, "models", e.Name + ".xml"), options))
            {
                model.Run(run.Seed);
                model.WriteState(state);
            }
            bool same = File.ReadAllBytes(state).SequenceEqual(File.ReadAllBytes(run.File));
            File.Delete(state);
            return same ? null : "differs";
        }
        catch (MjException x)
        {
            return x.Message;
        }
    }
}
