using System;
using System.Runtime.InteropServices;

namespace MarkovJunior
{
    // A world's model as Model.Load takes it (its sides are the world's to decide), and the world's numbers; what is
    // left null the library decides (docs/worlds.md).
    public class WorldOptions : LoadOptions
    {
        public int? Seed;    // the world's seed
        public int? Chunk;   // a chunk's side in cells
        public int? Margin;  // how far a chunk's run reaches past its border
        public int? Seam;    // how many of those cells a chunk's earlier neighbours pin
    }

    // A chunk's place: chunk (X, Y, Z) holds the cells from (X, Y, Z) * Chunk on (Z 0 in 2D).
    public struct ChunkIndex
    {
        public long X, Y, Z;
        public ChunkIndex(long x, long y, long z = 0) { X = x; Y = y; Z = z; }
        public override string ToString() { return "(" + X + ", " + Y + ", " + Z + ")"; }
    }

    // A model's endless world (mj world, mj.h's mj_world_*): every cell a function of the model, the seed and the
    // chunk, margin and seam alone, made chunk by chunk. A region is named by its corners: {x0, y0, x1, y1} in 2D,
    // {x0, y0, z0, x1, y1, z1} in 3D, the second corner left out; cells go x fastest, then y, then z.
    public sealed class World : IDisposable
    {
        readonly WorldHandle handle;

        World(WorldHandle handle) { this.handle = handle; }

        // A model file (or a name looked for in ./models).
        public static World Load(string path, WorldOptions options = null)
        {
            if (path == null) throw new ArgumentNullException("path");
            return Open(options, (ref Native.WorldOptions o) => {
                WorldHandle h;
                int status = Native.mj_world_new(Utf8.Bytes(path), ref o, out h);
                return Tuple.Create(status, h);
            });
        }

        // A model's XML text.
        public static World FromXml(string xml, WorldOptions options = null)
        {
            if (xml == null) throw new ArgumentNullException("xml");
            return Open(options, (ref Native.WorldOptions o) => {
                WorldHandle h;
                int status = Native.mj_world_new_xml(Utf8.Bytes(xml), ref o, out h);
                return Tuple.Create(status, h);
            });
        }

        delegate Tuple<int, WorldHandle> Maker(ref Native.WorldOptions options);

        static World Open(WorldOptions options, Maker make)
        {
            options = options ?? new WorldOptions();
            Native.WorldOptions o;
            Native.mj_world_options_init(out o);
            o.seed = options.Seed ?? Native.Unset; o.chunk = options.Chunk ?? Native.Unset;
            o.margin = options.Margin ?? Native.Unset; o.seam = options.Seam ?? Native.Unset;
            using (var strings = new Utf8.Block())
            {
                o.load = options.ToNative(strings);
                Tuple<int, WorldHandle> made = make(ref o);
                if (made.Item1 != 0)
                {
                    if (made.Item2 != null) made.Item2.Dispose();
                    throw MjException.FromLastError(made.Item1);
                }
                return new World(made.Item2);
            }
        }

        public void Dispose() { handle.Dispose(); }

        WorldHandle H
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException("World");
                return handle;
            }
        }

        public int Seed { get { return Native.mj_world_seed(H); } }
        public int Dimension { get { return Native.mj_world_dimension(H); } }
        public int Chunk { get { return Native.mj_world_chunk(H); } }
        public int Margin { get { return Native.mj_world_margin(H); } }
        public int Seam { get { return Native.mj_world_seam(H); } }
        public string Legend { get { return Utf8.Read(Native.mj_world_legend(H)); } }  // Legend[value] is its symbol
        public string Name { get { return Utf8.Read(Native.mj_world_name(H)); } }

        // The region's cells, its chunks made in `threads` threads; `progress` (chunks made, chunks in all) returning
        // false stops with an MjException. A region the library refuses (corners, size) throws its MjException.
        public byte[] Region(long[] corners, int threads = 1, Func<long, long, bool> progress = null)
        {
            if (corners == null) throw new ArgumentNullException("corners");
            var cells = new byte[RoomFor(corners)];
            Go(progress, (fn, user) => Native.mj_world_region(H, corners, corners.Length, threads, fn, user, cells,
                                                              (UIntPtr)cells.Length));
            return cells;
        }

        // The region written to `path`: a .png (2D), a .txt (the state text) or a folder of chunks, as `mj world`
        // writes it, whole or not at all. pixelSize 0: the model's.
        public void SaveRegion(long[] corners, string path, int threads = 1, Func<long, long, bool> progress = null,
                               int pixelSize = 0)
        {
            if (corners == null) throw new ArgumentNullException("corners");
            if (path == null) throw new ArgumentNullException("path");
            Go(progress, (fn, user) => Native.mj_world_save_region(H, corners, corners.Length, Utf8.Bytes(path), threads,
                                                                   fn, user, pixelSize));
        }

        // The chunks whose cells chunk `c`'s run takes, in the order RunChunk takes them.
        public ChunkIndex[] Needs(ChunkIndex c)
        {
            var native = new Native.Chunk { x = c.X, y = c.Y, z = c.Z };
            int count;
            Native.Check(Native.mj_world_needs(H, native, null, 0, out count));
            var found = new Native.Chunk[count];
            Native.Check(Native.mj_world_needs(H, native, found, count, out count));
            var needs = new ChunkIndex[count];
            for (int i = 0; i < count; i++) needs[i] = new ChunkIndex(found[i].x, found[i].y, found[i].z);
            return needs;
        }

        // Chunk `c`'s cells from the cells of the chunks Needs(c) names, in that order: the same in any process.
        public byte[] RunChunk(ChunkIndex c, byte[][] needed)
        {
            if (needed == null) throw new ArgumentNullException("needed");
            long side = Chunk;
            var cells = new byte[side * side * (Dimension == 3 ? side : 1)];
            var pinned = new GCHandle[needed.Length];
            var pointers = new IntPtr[needed.Length];
            try
            {
                for (int i = 0; i < needed.Length; i++)
                {
                    if (needed[i] == null || needed[i].Length != cells.Length)
                        throw new ArgumentException("needed[" + i + "] holds " + (needed[i] == null ? 0 : needed[i].Length) +
                                                    " cells, not a chunk's " + cells.Length, "needed");
                    pinned[i] = GCHandle.Alloc(needed[i], GCHandleType.Pinned);
                    pointers[i] = pinned[i].AddrOfPinnedObject();
                }
                var native = new Native.Chunk { x = c.X, y = c.Y, z = c.Z };
                Native.Check(Native.mj_world_run_chunk(H, native, pointers, needed.Length, cells, (UIntPtr)cells.Length));
                return cells;
            }
            finally
            {
                foreach (GCHandle p in pinned)
                    if (p.IsAllocated) p.Free();
            }
        }

        // Room for the region's cells when its corners are a box of this world's dimension; otherwise none, and the
        // library says what is wrong with them (or that the cells need more room than an array holds).
        int RoomFor(long[] corners)
        {
            int d = corners.Length / 2;
            if (corners.Length % 2 != 0 || d != Dimension) return 0;
            double cells = 1;
            for (int a = 0; a < d; a++) cells *= Math.Max(0, corners[d + a] - corners[a]);
            return cells <= int.MaxValue ? (int)cells : 0;
        }

        // The callback runs inside native code, as Model's does: an exception it throws is kept, the call stopped,
        // and the exception thrown again here.
        sealed class ProgressState
        {
            public Func<long, long, bool> Callback;
            public Exception Thrown;
        }

        static readonly Native.WorldProgressFn OnProgress = ProgressTrampoline;

        [AOT.MonoPInvokeCallback(typeof(Native.WorldProgressFn))]
        static int ProgressTrampoline(long done, long total, IntPtr user)
        {
            var state = (ProgressState)GCHandle.FromIntPtr(user).Target;
            try
            {
                return state.Callback(done, total) ? 1 : 0;
            }
            catch (Exception e)
            {
                state.Thrown = e;
                return 0;
            }
        }

        static void Go(Func<long, long, bool> progress, Func<Native.WorldProgressFn, IntPtr, int> call)
        {
            if (progress == null)
            {
                Native.Check(call(null, IntPtr.Zero));
                return;
            }
            var state = new ProgressState { Callback = progress };
            GCHandle pinned = GCHandle.Alloc(state);
            try
            {
                int status = call(OnProgress, GCHandle.ToIntPtr(pinned));
                if (state.Thrown != null) throw new InvalidOperationException("the progress callback threw", state.Thrown);
                Native.Check(status);
            }
            finally
            {
                pinned.Free();
            }
        }
    }
}
