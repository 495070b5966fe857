// OfferIconCache.cs: downloads offer creative icons (creatives.icon_url) once each and hands them
// to the Image elements that show them: a placeholder while loading, the texture when it arrives,
// an error icon when it cannot be loaded (logged once per URL, never retried in a loop). One
// download per URL however many rows show it. Dispose aborts what is still downloading and
// destroys every texture it made (textures are engine objects: the garbage collector never frees them).
using System;
using System.Collections.Generic;
using UnityEngine;
using UnityEngine.Networking;
using UnityEngine.UIElements;

public sealed class OfferIconCache : IDisposable
{
    private readonly Texture2D _placeholder;
    private readonly Texture2D _broken;
    // A URL's texture, or null when it could not be loaded.
    private readonly Dictionary<string, Texture2D> _loaded = new Dictionary<string, Texture2D>();
    private readonly Dictionary<string, List<Image>> _waiting = new Dictionary<string, List<Image>>();
    private readonly Dictionary<string, UnityWebRequest> _downloads = new Dictionary<string, UnityWebRequest>();
    private bool _disposed;

    /// <param name="placeholder">Shown while an icon loads and for offers without one (may be null: an empty box).</param>
    /// <param name="broken">Shown when an icon cannot be loaded (may be null: the placeholder).</param>
    public OfferIconCache(Texture2D placeholder, Texture2D broken)
    {
        _placeholder = placeholder;
        _broken = broken != null ? broken : placeholder;
    }

    /// <summary>Shows the icon at <paramref name="url"/> in <paramref name="image"/> (the placeholder for null or "").</summary>
    public void Show(Image image, string url)
    {
        if (_disposed) return;
        if (string.IsNullOrEmpty(url))
        {
            image.image = _placeholder;
            image.tooltip = null;
            return;
        }
        Texture2D texture;
        if (_loaded.TryGetValue(url, out texture))
        {
            Set(image, texture);
            return;
        }
        image.image = _placeholder;
        image.tooltip = "Loading...";
        List<Image> waiting;
        if (!_waiting.TryGetValue(url, out waiting))
        {
            waiting = new List<Image>();
            _waiting[url] = waiting;
        }
        waiting.Add(image);
        if (!_downloads.ContainsKey(url)) Download(url);
    }

    private void Download(string url)
    {
        UnityWebRequest request;
        try
        {
            request = UnityWebRequestTexture.GetTexture(url);
        }
        catch (Exception e) // a URL UnityWebRequest cannot parse
        {
            Finish(url, null, e.Message);
            return;
        }
        _downloads[url] = request;
        // Completes on the main thread, like offerkit's own completions.
        request.SendWebRequest().completed += _ =>
        {
            _downloads.Remove(url);
            try
            {
                if (_disposed) return;
                if (request.result != UnityWebRequest.Result.Success)
                    Finish(url, null, request.error);
                else
                    Finish(url, DownloadHandlerTexture.GetContent(request), null);
            }
            catch (Exception e) // not an image
            {
                Finish(url, null, e.Message);
            }
            finally
            {
                request.Dispose();
            }
        };
    }

    private void Finish(string url, Texture2D texture, string error)
    {
        if (error != null) Debug.LogWarning("offer icon " + url + " could not be loaded: " + error);
        _loaded[url] = texture;
        List<Image> waiting;
        if (!_waiting.TryGetValue(url, out waiting)) return;
        _waiting.Remove(url);
        foreach (Image image in waiting) Set(image, texture);
    }

    private void Set(Image image, Texture2D texture)
    {
        image.image = texture != null ? texture : _broken;
        image.tooltip = texture != null ? null : "The icon could not be loaded";
    }

    public void Dispose()
    {
        if (_disposed) return;
        _disposed = true;
        // Each completes (and is disposed) as aborted; a copy, as a completion edits the dictionary.
        foreach (UnityWebRequest request in new List<UnityWebRequest>(_downloads.Values)) request.Abort();
        _waiting.Clear();
        foreach (Texture2D texture in _loaded.Values)
            if (texture != null) UnityEngine.Object.Destroy(texture);
        _loaded.Clear();
    }
}
