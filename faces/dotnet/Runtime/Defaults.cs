using System;
using System.Runtime.InteropServices;

namespace MarkovJunior
{
    // The library's defaults and bounds (mj/defaults.hpp through mj_library_defaults): what a form shows before a
    // model is loaded, read from the library rather than written again here.
    public static class Defaults
    {
        static readonly Native.LibraryDefaults values =
            (Native.LibraryDefaults)Marshal.PtrToStructure(Native.mj_library_defaults(), typeof(Native.LibraryDefaults));

        public static int Seed { get { return values.seed; } }
        public static string OutputFolder { get { return Utf8.Read(values.output_folder); } }
        public static int Steps { get { return values.steps; } }
        public static int GifSteps { get { return values.gif_steps; } }
        public static int Pixelsize { get { return values.pixelsize; } }
        public static int MaxPixelsize { get { return values.max_pixelsize; } }
        public static int Size2d { get { return values.size_2d; } }
        public static int Size3d { get { return values.size_3d; } }
        public static int ProgressMilliseconds { get { return values.progress_milliseconds; } }
        public static int MaxGifFrames { get { return values.max_gif_frames; } }
        public static long MaxCells { get { return values.max_cells; } }
        public static byte FreeCell { get { return (byte)values.free_cell; } }
        public static long MaxStates { get { return values.max_states; } }
    }
}
