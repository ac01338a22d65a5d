// The .NET binding's world checks (ApiTests runs them): settings, regions the same at once, in threads and in
// pieces, chunks scheduled by the caller, files, stops, and bad requests as MjException with the library's words.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using MarkovJunior;

static class WorldTests
{
    static int checks;

    static void Check(bool ok, string what)
    {
        if (!ok) throw new Exception("FAILED: world: " + what);
        checks++;
    }

    static T Throws<T>(Action action, string what) where T : Exception
    {
        try { action(); }
        catch (T e) { checks++; return e; }
        throw new Exception("FAILED: world: no " + typeof(T).Name + ": " + what);
    }

    static World Maze(string corpus, int seed = 7)
    {
        return World.Load(Path.Combine(corpus, "models", "MazeGrowth.xml"),
                          new WorldOptions { Resources = Path.Combine(corpus, "resources"), Seed = seed, Chunk = 16 });
    }

    static byte[] Cut(byte[] cells, long width, long x0, long y0, long x1, long y1)
    {
        var part = new List<byte>();
        for (long y = y0; y < y1; y++)
            for (long x = x0; x < x1; x++) part.Add(cells[(x + 40) + (y + 24) * width]);
        return part.ToArray();
    }

    // Chunk c from the cells of those it needs, each made first, as a scheduler of its own makes them.
    static byte[] Made(World world, ChunkIndex c, Dictionary<ChunkIndex, byte[]> made)
    {
        byte[] cells;
        if (made.TryGetValue(c, out cells)) return cells;
        byte[][] needed = world.Needs(c).Select(n => Made(world, n, made)).ToArray();
        return made[c] = world.RunChunk(c, needed);
    }

    internal static int Run(string corpus)
    {
        long[] region = { -40, -24, 56, 72 };
        byte[] whole;
        using (World w = Maze(corpus))
        {
            Check(w.Chunk == 16 && w.Margin == 4 && w.Seam == 2 && w.Seed == 7 && w.Dimension == 2, "settings");
            Check(w.Name == "MazeGrowth" && w.Legend.Length >= 2, "name and legend");
            long made = 0, all = 0;
            whole = w.Region(region, 1, (done, total) => { made = done; all = total; return true; });
            Check(whole.Length == 96 * 96 && made == all && all > 36, "a region of 6 x 6 chunks, the chunks made told");
        }
        using (World w = Maze(corpus)) Check(w.Region(region, 2).SequenceEqual(whole), "in two threads");
        using (World w = Maze(corpus))
        {
            Check(w.Region(new long[] { -40, -24, 20, 72 }).SequenceEqual(Cut(whole, 96, -40, -24, 20, 72)) &&
                  w.Region(new long[] { 5, 10, 56, 72 }).SequenceEqual(Cut(whole, 96, 5, 10, 56, 72)),
                  "two overlapping requests");
        }
        using (World w = Maze(corpus, 8)) Check(!w.Region(region).SequenceEqual(whole), "another seed, another world");
        using (World w = Maze(corpus))
        {
            var made = new Dictionary<ChunkIndex, byte[]>();
            Check(w.Needs(new ChunkIndex(1, 1)).Length == 8 && w.Needs(new ChunkIndex(0, 0)).Length == 0, "needs");
            using (World other = Maze(corpus))
                foreach (var c in new[] { new ChunkIndex(1, 1), new ChunkIndex(-1, 0), new ChunkIndex(0, -1) })
                    Check(Made(other, c, made).SequenceEqual(
                              Cut(whole, 96, c.X * 16, c.Y * 16, c.X * 16 + 16, c.Y * 16 + 16)),
                          "chunk " + c + " scheduled by the caller");
            var wrong = Throws<MjException>(() => w.RunChunk(new ChunkIndex(1, 0), new byte[0][]), "no needed chunks");
            Check(wrong.Status == MjStatus.Argument && wrong.Detail.Contains("needs the cells of 2 chunks"), wrong.Detail);
        }
        string dir = Path.Combine(Path.GetTempPath(), "mj-dotnet-world-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        try
        {
            using (World w = Maze(corpus))
            {
                string text = Path.Combine(dir, "r.txt");
                w.SaveRegion(region, text);
                string[] lines = File.ReadAllLines(text);
                Check(lines[0] == "MazeGrowth 96 96 1 7 0" && lines.Length == 98, "SaveRegion: the state text");
                Check(lines[2 + 95][95] == w.Legend[whole[96 * 96 - 1]], "its last cell");
                string png = Path.Combine(dir, "stopped.png");
                var stopped = Throws<MjException>(() => Maze(corpus).SaveRegion(region, png, 1, (done, total) => done < 3),
                                                  "a stop");
                Check(stopped.Detail.Contains("stopped") && !File.Exists(png), "a stopped region leaves no file");
                var thrown = Throws<InvalidOperationException>(
                    () => Maze(corpus).Region(region, 1, (done, total) => { throw new FormatException(); }), "a throw");
                Check(thrown.InnerException is FormatException, "the callback's exception, inside");
                var count = Throws<MjException>(() => w.Region(new long[] { 0, 0, 0, 10, 10, 1 }), "6 numbers in 2D");
                Check(count.Status == MjStatus.Argument && count.Detail == "a 2D world's region is 4 numbers, X0 Y0 X1 Y1, not 6",
                      count.Detail);
                var empty = Throws<MjException>(() => w.Region(new long[] { 5, 0, 5, 10 }), "an empty region");
                Check(empty.Detail.Contains("holds no cells with x from 5 to 5"), empty.Detail);
                var extension = Throws<MjException>(() => w.SaveRegion(region, Path.Combine(dir, "r.bmp")), ".bmp");
                Check(extension.Detail.Contains("a .png, a .txt or a folder"), extension.Detail);
            }
        }
        finally
        {
            Directory.Delete(dir, true);
        }
        var chunk = Throws<MjException>(() => World.FromXml("<one values=\"BW\" in=\"B\" out=\"W\"/>",
                                                            new WorldOptions { Chunk = 0 }), "chunk 0");
        Check(chunk.Detail == "a world's chunk is 1 to 1024 cells on a side, not 0", chunk.Detail);
        var game = Throws<MjException>(() => World.FromXml(
            "<sequence values=\"BW\">\n<event key=\"ArrowLeft\"><one in=\"B\" out=\"W\"/></event></sequence>",
            new WorldOptions { Name = "game.xml" }), "an <event>");
        Check(game.Status == MjStatus.Argument && game.File == "game.xml" && game.Line == 2, "refused at its line: " + game.Message);
        var disposed = Maze(corpus);
        disposed.Dispose();
        Throws<ObjectDisposedException>(() => { var _ = disposed.Chunk; }, "a disposed world");
        return checks;
    }
}
