// The .NET binding's own checks (bash faces/dotnet/tests/test.sh runs them): runs, steps, cancelling, callbacks that
// throw, pictures, errors with file and line, disposal, and the library's decisions (sizes, an entry's size); worlds
// in WorldTests.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using MarkovJunior;

static class ApiTests
{
    const string Maze = "<one values=\"BWA\" origin=\"True\" in=\"WBB\" out=\"WAW\"/>";
    static int checks;

    static void Check(bool ok, string what)
    {
        if (!ok) throw new Exception("FAILED: " + what);
        checks++;
    }

    static T Throws<T>(Action action, string what) where T : Exception
    {
        try { action(); }
        catch (T e) { checks++; return e; }
        throw new Exception("FAILED: no " + typeof(T).Name + ": " + what);
    }

    static Model MazeModel() { return Model.FromXml(Maze, new LoadOptions { Size = 15, Name = "maze.xml" }); }

    static int Main(string[] args)
    {
        string source = args[0];  // the repository, for models/
        Check(System.Text.RegularExpressions.Regex.IsMatch(Model.Version, @"^\d+\.\d+\.\d+$"), "version");
        string defaults = System.IO.File.ReadAllText(System.IO.Path.Combine(source, "include", "mj", "defaults.hpp"));
        Func<string, string> constant = name => System.Text.RegularExpressions.Regex.Match(defaults, name + @" = ""?(\w+)").Groups[1].Value;
        Check(Defaults.Seed.ToString() == constant("kDefaultSeed") && Defaults.OutputFolder == constant("kDefaultOutputFolder")
              && Defaults.MaxGifFrames.ToString() == constant("kMaxGifFrames") && Defaults.Size3d.ToString() == constant("kDefaultSize3d")
              && Defaults.MaxStates.ToString() == constant("kMaxStates") && Model.FreeCell == Convert.ToByte(constant("kFreeCell"), 16),
              "the defaults are the library's header's");
        string whole;
        using (Model m = MazeModel())
        {
            Check(m.Run(1) == RunEnd.Finished && m.Finished && m.Steps == 49 && m.Seed == 1, "a run finishes in 49 steps");
            Grid g = m.Grid;
            Check(g.Mx == 15 && g.My == 15 && g.Mz == 1 && g.Legend == "BWA" && g.Cells.Length == 225, "grid");
            Check(g.Cells.Count(v => g.Legend[v] == 'W') == 49, "the maze fills the grid: 49 W cells");
            whole = m.StateText();
            Check(whole.StartsWith("maze 15 15 1 1 49\nBWA\n"), "state text");

            m.Start(1);
            Check(m.Step(10) == 10 && m.Steps == 10 && !m.Finished, "ten steps");
            Check(m.ActiveNode != null && m.ActiveNode.Kind == "one" && m.ActiveNode.Line == 1, "active node");
            Check(m.Advance() == RunEnd.Finished && m.StateText() == whole, "stepping then advancing: the same run");
            Check(m.ActiveNode == null, "no active node after the end");
            Check(m.Step(5) == 0, "no steps after the end");

            m.ProgressInterval = TimeSpan.Zero;
            int calls = 0;
            Check(m.Run(1, null, steps => ++calls < 2) == RunEnd.Stopped && m.Steps < 49, "progress returning false stops");
            Check(m.Advance() == RunEnd.Finished && m.StateText() == whole, "advancing after a stop: the same run");
            Check(m.Run(1, 7) == RunEnd.StepLimit && m.Steps == 7, "a step limit");

            var thrown = Throws<InvalidOperationException>(() => m.Run(2, null, steps => { throw new FormatException("x"); }),
                                                           "a callback's exception comes back");
            Check(thrown.InnerException is FormatException, "as the inner exception");
            Check(m.Run(1) == RunEnd.Finished && m.StateText() == whole, "the model still runs");

            Picture p = m.Render(3);
            Check(p.Width == 45 && p.Height == 45 && p.Rgba.Length == 45 * 45 * 4, "picture size");
            Check(Enumerable.Range(0, 45 * 45).All(i => p.Rgba[i * 4 + 3] == 255), "opaque");
            string dir = Path.Combine(Path.GetTempPath(), "mj-dotnet-api-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                string png = m.WritePicture(Path.Combine(dir, "maze_1"));
                Check(png.EndsWith("maze_1.png") && File.ReadAllBytes(png).Take(4).SequenceEqual(new byte[] { 0x89, 0x50, 0x4E, 0x47 }),
                      "a PNG");
                m.WriteState(Path.Combine(dir, "s.txt"));
                Check(File.ReadAllText(Path.Combine(dir, "s.txt")) == whole, "the state file");
                File.WriteAllText(Path.Combine(dir, "no"), "a file where a folder would be made"); // missing folders are made
                var unwritable = Throws<MjException>(() => m.WritePng(Path.Combine(dir, "no", "such", "x.png")), "a bad path");
                Check(unwritable.Message.Contains("x.png"), "names the file");
                m.Save(Path.Combine(dir, "maze.glb"));
                Check(File.ReadAllBytes(Path.Combine(dir, "maze.glb")).Take(4).SequenceEqual(new byte[] { 0x67, 0x6C, 0x54, 0x46 }),
                      "Save by the extension: a glTF mesh for engines");
                m.Save(Path.Combine(dir, "maze.tmj"));
                Check(File.Exists(Path.Combine(dir, "maze_tiles.png")), "Save: a Tiled map and its tileset");
            }
            finally { Directory.Delete(dir, true); }
        }

        string corpus = Environment.GetEnvironmentVariable("MJ_CORPUS") ?? Path.Combine(source, "..", "shared", "corpus");
        using (Model escher = Model.Load(Path.Combine(corpus, "models", "Escher.xml"),
                                         new LoadOptions { Size = 10, Resources = Path.Combine(corpus, "resources") }))
        {
            escher.Run(1);  // Escher has no collapse at 10: every try contradicts
            IList<string> gaveUp = escher.RunNotices;
            Check(gaveUp.Count == 1 && gaveUp[0].Contains("Escher.xml:") && gaveUp[0].Contains(": warning: wfc found no good seed in 1000 tries"),
                  "a wfc that gives up is a run notice: " + string.Join("|", gaveUp));
        }
        using (Model escher = Model.Load(Path.Combine(corpus, "models", "Escher.xml"),
                                         new LoadOptions { Size = 10, Resources = Path.Combine(corpus, "resources"), Backtrack = true }))
        {
            escher.Run(1);
            Check(escher.RunNotices.Count == 0, "with Backtrack every wfc backtracks: Escher finds its collapse at 10");
        }

        using (Model pinned = Model.FromXml("<one values=\"BWR\" in=\"B\" out=\"W\"/>", new LoadOptions { Size = 4 }))
        {
            var pins = Enumerable.Repeat(Model.FreeCell, 16).ToArray();
            pins[5] = 2;
            pinned.SetPins(pins);
            pinned.Run(1);
            Check(pinned.Grid.Cells[5] == 2 && pinned.Grid.Cells[0] == 1, "a pinned cell keeps its value all run long");
            var refused = Throws<MjException>(() => pinned.SetGoal(pins), "a goal without <observe>");
            Check(refused.Status == MjStatus.Argument && refused.Detail.Contains("no inference node"), "refused: " + refused.Detail);
        }

        using (Model typo = Model.FromXml("<one values=\"BWA\" origin=\"True\" in=\"WBB\" out=\"WAW\"\n symetry=\"()\"/>",
                                          new LoadOptions { Size = 15, Name = "typo.xml" }))
        {
            using (Model plain = MazeModel()) Check(plain.Notices.Count == 0, "a model written right has no notices");
            Notice n = typo.Notices.Single();
            Check(n.File == "typo.xml" && n.Line == 2 && n.Message.StartsWith("unknown attribute 'symetry' on <one>; did you mean 'symmetry'?"),
                  "a misspelt attribute is a notice with its file and line: " + n.Text);
            Check(n.Text == "typo.xml:2: warning: " + n.Message && n.ToString() == n.Text, "its text is mj run's line");
            Check(typo.Run(1) == RunEnd.Finished && typo.StateText() == whole.Replace("maze 15", "typo 15"), "the model runs as without it");
        }

        // An interactive model (the mj dialect's <event>): Waiting, then Send gives the run its key.
        const string keys = "<markov values=\"BW\" dialect=\"mj\"><event timeout=\"50\">" +
                            "<keypress key=\"ArrowLeft\"><one in=\"B\" out=\"W\" steps=\"1\"/></keypress></event></markov>";
        using (Model game = Model.FromXml(keys, new LoadOptions { Size = 5, Name = "keys.xml" }))
        {
            game.Start(1);
            Check(game.Step(1) == 1 && game.Waiting, "a run waits for a key");
            game.Send("ArrowLeft");
            Check(!game.Waiting && game.Step(1) == 1 && game.Grid.Cells.Count(v => v == 1) == 1, "the key's nodes ran");
        }
        // A game of LightCycle played, then replayed from its seed and Inputs: the same grid.
        using (Model cycle = Model.Load(Path.Combine(source, "models", "LightCycle.xml"), new LoadOptions { Steps = 0 }))
        {
            cycle.Start(3);
            foreach (string key in new[] { "ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight" }) { cycle.Step(7); cycle.Send(key); }
            cycle.Step(30);
            string played = cycle.StateText();
            var inputs = cycle.Inputs;
            Check(inputs.Count == 4 && inputs[0].Key == 7 && inputs[0].Value == "ArrowUp" && inputs[3].Key == 28, "the inputs with their steps");
            cycle.Replay(3, inputs, 58);
            Check(cycle.StateText() == played && cycle.Steps == 58, "a game replays from its seed and inputs");
            cycle.Replay(3, new List<KeyValuePair<int, string>>(), 58);
            Check(cycle.StateText() != played, "without its inputs the run is another");
        }

        var error = Throws<MjException>(() => Model.FromXml("<one values=\"BW\" in=\"B\" out=\"W\">\n</two>",
                                                            new LoadOptions { Name = "broken.xml" }), "a broken model");
        Check(error.Status == MjStatus.Model && error.File == "broken.xml" && error.Line == 2, "file and line");
        Check(error.Detail.StartsWith("malformed XML") && error.Message == "broken.xml:2: " + error.Detail, "message");
        var huge = Throws<MjException>(() => Model.FromXml(Maze, new LoadOptions { Size = 100000 }), "a huge grid");
        Check(huge.Message.Contains("LoadOptions.MaxCells"), "the setting to change in .NET's words: " + huge.Message);
        Check(huge.Status == MjStatus.Limit && huge.Setting == MjSetting.MaxCells, "a limit, and its setting");
        var missing = Throws<MjException>(() => Model.Load(Path.Combine(source, "models", "Nope.xml")), "a missing file");
        Check(missing.Status == MjStatus.MissingFile, "a missing file is its own kind");
        var negative = Throws<MjException>(() => Model.FromXml(Maze, new LoadOptions { Steps = -5 }), "negative steps");
        Check(negative.Status == MjStatus.Argument && negative.Setting == MjSetting.Steps &&
              negative.Detail == "the step limit must be 0 (no limit) or a positive number of steps, got -5", negative.Detail);
        Throws<MjException>(() => Model.FromXml(Maze, new LoadOptions { Size = 0 }), "a size of 0 is given, not left out");

        using (Model m = MazeModel())
        {
            var early = Throws<MjException>(() => m.Step(), "a step before a start");
            Check(early.Status == MjStatus.Argument && early.File == "", "is a bad argument");
            m.Run(5, 20);
            string dir = Path.Combine(Path.GetTempPath(), "mj-dotnet-" + Guid.NewGuid());
            try
            {
                string written = m.SavePicture(dir);
                Check(m.OutputStem == "maze_5" && written == Path.Combine(dir, "maze_5.png"), "the picture NAME_SEED: " + written);
                Check(m.Summary(written) == "maze seed 5: 20 steps -> " + written, "mj run's line: " + m.Summary(written));
                Check(m.Step(3) == 0, "steps stop at the run's limit");
            }
            finally { Directory.Delete(dir, true); }
        }
        Model gone = MazeModel();
        gone.Dispose();
        gone.Dispose();
        Throws<ObjectDisposedException>(() => gone.Run(1), "a disposed model");

        using (Model alone = Model.FromXml(Maze))
        {
            alone.Run(1);
            Check(alone.Grid.Mx == 64 && alone.Grid.My == 64 && alone.StepLimit == 50000, "a model alone: the defaults");
        }
        using (Model listed = Model.Load(Path.Combine(source, "models", "GrowthMaze.xml")))
        {
            listed.Start(1);
            Check(listed.Grid.Mx == 61 && listed.Name == "GrowthMaze", "a listed model: its entry's size (demo.xml)");
            listed.Run(null, 3);
            Check(listed.Seed == 7, "a run given no seed: the entry's first (seeds=\"7\"), as mj run runs it");
            listed.Start();
            Check(listed.Seed == 7, "a start given no seed: the entry's first");
        }
        checks += WorldTests.Run(corpus);
        Console.WriteLine("api: {0} checks passed", checks);
        return 0;
    }
}
