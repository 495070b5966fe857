// ResultsFile.cs: the results file of the C# test programs (the Unity tests' Harness.cs, the
// Unreal plugin's BuildRulesCheck.cs), for a harness that reads results from files, never from
// logs. Plain System.IO, no other assembly, so any test program can compile it in; in the global
// namespace, because the Unreal module's rules class is itself named OfferKit.
using System;
using System.Globalization;
using System.IO;
using System.Text;

/// <summary>
/// The results file a harness reads (format: harness/RESULTS.md): one JSON line per case,
/// appended to the file named by OFFERKIT_RESULTS, written and closed as each case ends so
/// a crash later loses nothing. Nothing is written when the variable is unset.
/// </summary>
internal static class ResultsFile
{
    private static readonly UTF8Encoding Utf8 = new UTF8Encoding(false);

    /// <summary>Appends one line; its suite is OFFERKIT_SUITE, or <paramref name="defaultSuite"/> when that is unset.</summary>
    internal static void Write(string defaultSuite, string testCase, string outcome, double seconds, string detail)
    {
        string path = Environment.GetEnvironmentVariable("OFFERKIT_RESULTS");
        if (string.IsNullOrEmpty(path)) return;
        string suite = Environment.GetEnvironmentVariable("OFFERKIT_SUITE");
        if (string.IsNullOrEmpty(suite)) suite = defaultSuite;
        string line = "{\"suite\": " + Json(suite) + ", \"case\": " + Json(testCase) + ", \"outcome\": " + Json(outcome) +
            ", \"seconds\": " + Math.Max(0, seconds).ToString("0.000", CultureInfo.InvariantCulture) +
            ", \"detail\": " + Json(detail) + "}\n";
        try
        {
            File.AppendAllText(path, line, Utf8);
        }
        catch (Exception e)
        {
            Console.Error.WriteLine("could not append a result to " + path + ": " + e.Message);
        }
    }

    /// <summary>A JSON string: quotes, backslashes and control characters escaped; a lone surrogate as U+FFFD.</summary>
    internal static string Json(string text)
    {
        var json = new StringBuilder("\"");
        text = text ?? "";
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (c == '"') json.Append("\\\"");
            else if (c == '\\') json.Append("\\\\");
            else if (c == '\n') json.Append("\\n");
            else if (c == '\r') json.Append("\\r");
            else if (c == '\t') json.Append("\\t");
            else if (c < 0x20) json.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
            else if (char.IsHighSurrogate(c) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
                json.Append(c).Append(text[++i]);
            else if (char.IsSurrogate(c)) json.Append('\uFFFD');
            else json.Append(c);
        }
        return json.Append('"').ToString();
    }
}
