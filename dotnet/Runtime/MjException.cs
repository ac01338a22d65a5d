using System;

namespace MarkovJunior
{
    // What went wrong, as mj reports it: Message is "file:line: message" (the line `mj` prints), File and Line
    // where the problem is written, Detail the message alone. Status tells a model's problem from a bad argument.
    public class MjException : Exception
    {
        public MjStatus Status { get; private set; }
        public string File { get; private set; }  // "" when the error has no file (a bad argument)
        public int Line { get; private set; }     // 0 when unknown
        public string Detail { get; private set; }

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
                                   Utf8.Read(Native.mj_last_error_message()), Utf8.Read(Native.mj_last_error_text()));
        }
    }

    public enum MjStatus { Ok = 0, Model = 1, Argument = 2, Memory = 3, Internal = 4 }
}
