using System;
using System.Collections.Generic;

namespace MarkovJunior
{
    // An entry of a models.xml as the reference's console program reads it.
    public sealed class ListEntry
    {
        public string Name;
        public int Line, Mx, My, Mz;
        public int Steps;  // 0: no limit
        public int PixelSize;
        public bool Iso;
    }

    public static class ModelList
    {
        // Every <model> of a models.xml (MjException with file:line for a bad one).
        public static List<ListEntry> Load(string path)
        {
            IntPtr list;
            Native.Check(Native.mj_model_list_load(Utf8.Bytes(path), out list));
            try
            {
                var entries = new List<ListEntry>();
                int count = Native.mj_model_list_count(list);
                for (int i = 0; i < count; i++)
                {
                    Native.ListEntry e;
                    Native.Check(Native.mj_model_list_entry(list, i, out e));
                    entries.Add(new ListEntry { Name = Utf8.Read(e.name), Line = e.line, Mx = e.mx, My = e.my, Mz = e.mz,
                                                Steps = e.steps, PixelSize = e.pixelsize, Iso = e.iso != 0 });
                }
                return entries;
            }
            finally
            {
                Native.mj_model_list_free(list);
            }
        }
    }
}
