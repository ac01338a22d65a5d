// The C interface (include/mj/mj.h) as P/Invoke declarations. Strings go in as NUL-terminated UTF-8 bytes and
// come out through Utf8.Read, so that paths and messages read the same on every platform.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace MarkovJunior
{
    internal static class Native
    {
        // "mj": libmj.so on Linux (Mono looks beside the assembly, then where dlopen looks: LD_LIBRARY_PATH),
        // mj.dll on Windows, libmj.dylib on macOS; in Unity, the plugin of the platform (see faces/dotnet/README.md).
        const string Lib = "mj";
        internal const int Unset = int.MinValue;  // MJ_UNSET, MJ_STEPS_DEFAULT, MJ_SEED_DEFAULT

        [StructLayout(LayoutKind.Sequential)]
        internal struct LoadOptions
        {
            public int size, length, width, height, dimension, steps, pixelsize, iso;
            public long max_cells;
            public IntPtr resources, name, setting_names;
            public int backtrack;
            public IntPtr pins, goal;
        }

        [StructLayout(LayoutKind.Sequential)]
        internal struct Grid
        {
            public int mx, my, mz;
            public IntPtr legend, cells;
        }

        [StructLayout(LayoutKind.Sequential)]
        internal struct ListEntry
        {
            public IntPtr name;
            public int line, mx, my, mz, steps, pixelsize, iso;
        }

        [StructLayout(LayoutKind.Sequential)]
        internal struct LibraryDefaults
        {
            public int seed;
            public IntPtr output_folder;
            public int steps, gif_steps, pixelsize, max_pixelsize, size_2d, size_3d, progress_milliseconds, max_gif_frames;
            public long max_cells;
            public int free_cell;
            public long max_states;
        }

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int ProgressFn(IntPtr model, int steps, IntPtr user);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_version();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_library_defaults();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_last_error_status();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_last_error_file();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_last_error_line();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_last_error_message();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_last_error_text();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern void mj_load_options_init(out LoadOptions options);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_model_load(byte[] path, ref LoadOptions options, out ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_model_load_xml(byte[] xml, ref LoadOptions options, out ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern void mj_model_free(IntPtr model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_model_name(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_steps(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_pixelsize(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_iso(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_model_size_from(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_notice_count(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_model_notice_file(ModelHandle model, int index);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_notice_line(ModelHandle model, int index);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_model_notice_message(ModelHandle model, int index);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_model_notice_text(ModelHandle model, int index);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_run_notice_count(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_model_run_notice_text(ModelHandle model, int index);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_start(ModelHandle model, int seed);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_step(ModelHandle model, int n, out int taken);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_send(ModelHandle model, byte[] key);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_set_pins(ModelHandle model, byte[] cells, int count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_set_goal(ModelHandle model, byte[] cells, int count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_input_count(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_model_input_key(ModelHandle model, int index);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_input_step(ModelHandle model, int index);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_model_replay(ModelHandle model, int seed, int[] steps, IntPtr[] keys, int count, int maxSteps, out int end);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_run(ModelHandle model, int seed, int maxSteps, ProgressFn progress, IntPtr user, out int end);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_advance(ModelHandle model, int maxSteps, ProgressFn progress, IntPtr user, out int end);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_model_set_progress_interval(ModelHandle model, int milliseconds);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_seed(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_steps_taken(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_finished(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_waiting(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_grid(ModelHandle model, out Grid grid);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_model_active_node(ModelHandle model, out IntPtr kind, out int line, out int depth);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_render(ModelHandle model, int pixelsize, out int width, out int height, out IntPtr rgba);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_write_png(ModelHandle model, byte[] path, int pixelsize);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_write_file(ModelHandle model, byte[] path, int pixelsize);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_write_vox(ModelHandle model, byte[] path);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_write_picture(ModelHandle model, byte[] stem, out IntPtr written);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_state_text(ModelHandle model, out IntPtr text);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_write_state(ModelHandle model, byte[] path);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_save_picture(ModelHandle model, byte[] folder, out IntPtr written);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_model_output_stem(ModelHandle model);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_run_summary(ModelHandle model, byte[] written);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_command_line_setting_names();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_last_error_setting();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_list_load(byte[] path, out IntPtr list);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern void mj_model_list_free(IntPtr list);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_model_list_count(IntPtr list);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_model_list_entry(IntPtr list, int index, out ListEntry entry);

        [StructLayout(LayoutKind.Sequential)]
        internal struct WorldOptions
        {
            public LoadOptions load;
            public int seed, chunk, margin, seam;
        }

        [StructLayout(LayoutKind.Sequential)]
        internal struct Chunk
        {
            public long x, y, z;
        }

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int WorldProgressFn(long done, long total, IntPtr user);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern void mj_world_options_init(out WorldOptions options);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_world_new(byte[] path, ref WorldOptions options, out WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_world_new_xml(byte[] xml, ref WorldOptions options, out WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern void mj_world_free(IntPtr world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_world_seed(WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_world_dimension(WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_world_chunk(WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_world_margin(WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern int mj_world_seam(WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_world_legend(WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr mj_world_name(WorldHandle world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_world_region(WorldHandle world, long[] corners, int count, int threads, WorldProgressFn progress,
                                                   IntPtr user, byte[] cells, UIntPtr size);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_world_save_region(WorldHandle world, long[] corners, int count, byte[] path, int threads,
                                                        WorldProgressFn progress, IntPtr user, int pixelsize);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_world_needs(WorldHandle world, Chunk c, [Out] Chunk[] needs, int capacity, out int count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int mj_world_run_chunk(WorldHandle world, Chunk c, IntPtr[] needed, int count, byte[] cells, UIntPtr size);

        // A failed call's status, with the thread's last error, as an exception.
        internal static void Check(int status)
        {
            if (status != 0) throw MjException.FromLastError(status);
        }
    }

    // NUL-terminated UTF-8 both ways (.NET Standard 2.0 has no Marshal.PtrToStringUTF8).
    internal static class Utf8
    {
        internal static byte[] Bytes(string text)
        {
            if (text == null) return null;
            var bytes = new byte[Encoding.UTF8.GetByteCount(text) + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        internal static string Read(IntPtr text)
        {
            if (text == IntPtr.Zero) return "";
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0) length++;
            var bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }

        // Unmanaged copies of strings for a call, freed together.
        internal sealed class Block : IDisposable
        {
            readonly System.Collections.Generic.List<IntPtr> allocated = new System.Collections.Generic.List<IntPtr>();

            internal IntPtr Add(string text)
            {
                if (text == null) return IntPtr.Zero;
                byte[] bytes = Bytes(text);
                IntPtr p = Marshal.AllocHGlobal(bytes.Length);
                allocated.Add(p);
                Marshal.Copy(bytes, 0, p, bytes.Length);
                return p;
            }

            // An array of string pointers (each added too).
            internal IntPtr AddArray(string[] texts)
            {
                if (texts == null) return IntPtr.Zero;
                IntPtr array = Marshal.AllocHGlobal(IntPtr.Size * texts.Length);
                allocated.Add(array);
                for (int i = 0; i < texts.Length; i++) Marshal.WriteIntPtr(array, i * IntPtr.Size, Add(texts[i]));
                return array;
            }

            public void Dispose()
            {
                foreach (IntPtr p in allocated) Marshal.FreeHGlobal(p);
                allocated.Clear();
            }
        }
    }

    // The native model, freed once by the runtime even when Dispose is forgotten.
    internal sealed class ModelHandle : SafeHandle
    {
        ModelHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        protected override bool ReleaseHandle()
        {
            Native.mj_model_free(handle);
            return true;
        }
    }

    // The native world, freed once by the runtime even when Dispose is forgotten.
    internal sealed class WorldHandle : SafeHandle
    {
        WorldHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        protected override bool ReleaseHandle()
        {
            Native.mj_world_free(handle);
            return true;
        }
    }
}
