using System;

namespace MarkovJunior
{
    // What went wrong, as mj reports it: Message is "file:line: message" (the line `mj` prints), File and Line
    // where the problem is written, Detail the message alone. Status is the library's kind of failure (a model's
    // problem, a bad argument, a missing file, a file that cannot be read or written, a limit), Setting the setting
    // that would fix it.
    public class MjException : Exception
    {
        public MjStatus Status { get; private set; }
        public string File { get; private set; }  // "" when the error has no file (a bad argument)
        public int Line { get; private set; }     // 0 when unknown
        public string Detail { get; private set; }
        public MjSetting Setting { get; private set; }

        public MjException(MjStatus status, string file, int line, string detail, string text) : base(text)
        {
            Status = status;
            File = file;
            Line = line;
            Detail = detail;
        }

        internal static MjException FromLastError(int status)
        {
            return new MjException((MjStatus)status, Utf8.Read(Native.mj_last_error_file()), Native.mj_last_error_line(),
                                   Utf8.Read(Native.mj_last_error_message()), Utf8.Read(Native.mj_last_error_text()))
                { Setting = (MjSetting)Native.mj_last_error_setting() };
        }
    }

    // mj.h's mj_status and mj_setting, in their order.
    public enum MjStatus { Ok, Model, Argument, Memory, Internal, MissingFile, Io, Limit }
    public enum MjSetting { None, Size, Steps, Seed, PixelSize, MaxCells, Resources, Workers, MaxStates }
}
