// UnityEngine.Networking.cs: working stand-ins for the engine's UnityWebRequest and its handlers,
// with the engine's signatures, over HttpWebRequest, so the package's UnityWebRequestExecutor can
// be run against the simulator by the Mono tests. They behave as Unity documents them where the
// executor depends on it: redirectLimit 0 answers the 3xx as it came; timeout is in whole seconds
// (0: none) and ends the request with result ConnectionError and error "Request timeout"; Abort
// ends it with ConnectionError "Request aborted"; a 4xx/5xx is ProtocolError with its
// responseCode and body; SetRequestHeader refuses the headers the engine sets itself; a handler
// added to AsyncOperation.completed after the end runs at once. One difference: the engine raises
// completed on the main thread, these stand-ins on a thread-pool thread (the executor does not
// depend on which). They prove the executor's logic, nothing about the engine itself.
#pragma warning disable 67, 649
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Threading;

namespace UnityEngine
{
    public class AsyncOperation
    {
        private readonly object _gate = new object();
        private Action<AsyncOperation> _completed;
        private bool _done;

        public bool isDone { get { lock (_gate) return _done; } }

        public event Action<AsyncOperation> completed
        {
            add
            {
                bool now;
                lock (_gate)
                {
                    now = _done;
                    if (!now) _completed += value;
                }
                if (now) value(this);
            }
            remove
            {
                lock (_gate) _completed -= value;
            }
        }

        internal void Finish()
        {
            Action<AsyncOperation> run;
            lock (_gate)
            {
                _done = true;
                run = _completed;
                _completed = null;
            }
            if (run != null) run(this);
        }
    }
}

namespace UnityEngine.Networking
{
    public class DownloadHandler : IDisposable
    {
        public byte[] data { get; internal set; }
        public string text { get { return data == null ? null : System.Text.Encoding.UTF8.GetString(data); } }
        public void Dispose() { }
    }

    public sealed class DownloadHandlerBuffer : DownloadHandler { }

    public sealed class DownloadHandlerTexture : DownloadHandler
    {
        public static Texture2D GetContent(UnityWebRequest www) { return null; }
    }

    public class UploadHandler : IDisposable
    {
        internal byte[] Data;
        public string contentType { get; set; }
        public void Dispose() { }
    }

    public sealed class UploadHandlerRaw : UploadHandler
    {
        public UploadHandlerRaw(byte[] data)
        {
            Data = data;
        }
    }

    public static class UnityWebRequestTexture
    {
        public static UnityWebRequest GetTexture(string uri) { return new UnityWebRequest(uri, "GET"); }
    }

    public sealed class UnityWebRequestAsyncOperation : AsyncOperation
    {
        public UnityWebRequest webRequest { get; internal set; }
    }

    public class UnityWebRequest : IDisposable
    {
        public enum Result { InProgress, Success, ConnectionError, ProtocolError, DataProcessingError }

        private static readonly HashSet<string> SetByTheEngine = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "accept-charset", "access-control-request-headers", "access-control-request-method", "connection",
            "content-length", "date", "dnt", "expect", "host", "keep-alive", "origin", "referer", "te", "trailer",
            "transfer-encoding", "upgrade", "via", "x-unity-version",
        };

        /// <summary>Every request made, for the tests to inspect (the stand-ins' own, not the engine's).</summary>
        public static readonly List<UnityWebRequest> Made = new List<UnityWebRequest>();

        private readonly string _url;
        private readonly string _method;
        private readonly List<KeyValuePair<string, string>> _headers = new List<KeyValuePair<string, string>>();
        private readonly Dictionary<string, string> _responseHeaders = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        private HttpWebRequest _sending;
        private volatile bool _aborted;

        public UnityWebRequest(string url, string method)
        {
            _url = url;
            _method = method;
            redirectLimit = 32; // the engine's default
            lock (Made) Made.Add(this);
        }

        public DownloadHandler downloadHandler { get; set; }
        public UploadHandler uploadHandler { get; set; }
        public int redirectLimit { get; set; }
        public int timeout { get; set; }
        public long responseCode { get; private set; }
        public Result result { get; private set; }
        public string error { get; private set; }
        public bool Aborted { get { return _aborted; } }
        public bool Disposed { get; private set; }
        public IReadOnlyList<KeyValuePair<string, string>> RequestHeaders { get { return _headers; } }

        public void SetRequestHeader(string name, string value)
        {
            if (SetByTheEngine.Contains(name)) throw new InvalidOperationException("Cannot override system-specified headers");
            _headers.Add(new KeyValuePair<string, string>(name, value));
        }

        public Dictionary<string, string> GetResponseHeaders()
        {
            return result == Result.InProgress ? null : new Dictionary<string, string>(_responseHeaders);
        }

        public void Abort()
        {
            _aborted = true;
            HttpWebRequest sending = _sending;
            if (sending != null) sending.Abort();
        }

        public UnityWebRequestAsyncOperation SendWebRequest()
        {
            var operation = new UnityWebRequestAsyncOperation { webRequest = this };
            ThreadPool.QueueUserWorkItem(_ =>
            {
                Send();
                operation.Finish();
            });
            return operation;
        }

        private void Send()
        {
            try
            {
                var request = (HttpWebRequest)WebRequest.Create(_url);
                request.Method = _method;
                request.Proxy = null;
                request.AllowAutoRedirect = redirectLimit > 0;
                if (redirectLimit > 0) request.MaximumAutomaticRedirections = redirectLimit;
                int ms = timeout > 0 ? timeout * 1000 : System.Threading.Timeout.Infinite;
                request.Timeout = ms;
                request.ReadWriteTimeout = ms;
                foreach (KeyValuePair<string, string> h in _headers)
                {
                    if (h.Key.Equals("content-type", StringComparison.OrdinalIgnoreCase)) request.ContentType = h.Value;
                    else if (h.Key.Equals("accept", StringComparison.OrdinalIgnoreCase)) request.Accept = h.Value;
                    else if (h.Key.Equals("user-agent", StringComparison.OrdinalIgnoreCase)) request.UserAgent = h.Value;
                    else request.Headers[h.Key] = h.Value;
                }
                _sending = request;
                if (_aborted) request.Abort();
                if (uploadHandler != null && uploadHandler.Data != null)
                {
                    if (request.ContentType == null) request.ContentType = uploadHandler.contentType;
                    request.ContentLength = uploadHandler.Data.Length;
                    using (Stream body = request.GetRequestStream()) body.Write(uploadHandler.Data, 0, uploadHandler.Data.Length);
                }
                HttpWebResponse response;
                try
                {
                    response = (HttpWebResponse)request.GetResponse();
                }
                catch (WebException e) when (e.Status == WebExceptionStatus.ProtocolError && e.Response != null)
                {
                    response = (HttpWebResponse)e.Response;
                }
                using (response)
                {
                    responseCode = (int)response.StatusCode;
                    foreach (string name in response.Headers.AllKeys) _responseHeaders[name] = response.Headers[name];
                    using (var body = new MemoryStream())
                    {
                        response.GetResponseStream().CopyTo(body);
                        if (downloadHandler != null) downloadHandler.data = body.ToArray();
                    }
                    result = responseCode >= 400 ? Result.ProtocolError : Result.Success;
                    if (result == Result.ProtocolError) error = "HTTP/1.1 " + responseCode;
                }
            }
            catch (Exception e)
            {
                var web = e as WebException;
                result = Result.ConnectionError;
                if (_aborted) error = "Request aborted";
                else if (web != null && web.Status == WebExceptionStatus.Timeout) error = "Request timeout";
                else error = "Cannot connect to destination host (" + e.Message + ")";
            }
        }

        public void Dispose()
        {
            Disposed = true;
        }
    }
}
