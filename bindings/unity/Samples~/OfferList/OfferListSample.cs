// OfferListSample.cs: the smallest useful offerkit screen: a MonoBehaviour that gets an access
// token from your backend when offerkit asks for one, fetches the player's offers without
// blocking a frame, and lists them with OnGUI (no UI package needed). Add it to any GameObject.
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;
using UnityEngine;
using UnityEngine.Networking;

public sealed class OfferListSample : MonoBehaviour
{
    [SerializeField] private string serviceUrl = "https://offers.example.com";
    [Tooltip("Your backend's token endpoint (see examples/token-broker): POST with the player's session, answers {\"access_token\": ...}.")]
    [SerializeField] private string tokenUrl = "https://backend.example.com/offer-token";
    [SerializeField] private string playerSession = "session-of-the-signed-in-player";
    [Tooltip("Your own id of the player; sent as PlayerId.Short(...) so it follows the service's conventions.")]
    [SerializeField] private string internalPlayerId = "player-42";
    [SerializeField] private int limit = 20;

    private readonly CancellationTokenSource _destroyed = new CancellationTokenSource();
    private OfferKitClient _client;
    private IReadOnlyList<Offer> _offers = new Offer[0];
    private string _status = "Loading offers...";
    private Vector2 _scroll;

    private void Awake()
    {
        // Runs on the main thread (the OfferKit runner delivers log messages in Update).
        OfferKitLog.SetHandler((level, message) =>
        {
            if (level <= LogLevel.Warn) Debug.LogWarning(message);
        }, LogLevel.Warn);
        _client = new OfferKitClient(new OfferKitClientOptions(serviceUrl)
        {
            TokenProvider = FetchTokenAsync,
            // The most a refresh can take, retries and Retry-After waits included: the screen never
            // says "Loading" for longer than this.
            Deadline = TimeSpan.FromSeconds(10),
        });
    }

    private async void Start()
    {
        await Refresh();
    }

    private async Task Refresh()
    {
        _status = "Loading offers...";
        try
        {
            // Completes on the main thread (the OfferKit runner polls in Update): safe to touch Unity objects.
            OfferList offers = await _client.OffersAsync(PlayerId.Short(internalPlayerId),
                new OffersOptions { Limit = limit, Sort = OfferSort.EpcDescending, Select = "links { click_url }" },
                _destroyed.Token);
            _offers = offers;
            _status = offers.Count + " offers";
            // Offers the service sent malformed are left out, not fatal; worth a warning in your logs.
            foreach (SkippedItem skipped in offers.Skipped)
                Debug.LogWarning("offer " + (skipped.Id ?? "#" + skipped.Index) + " left out: " + skipped.Reason);
        }
        catch (OperationCanceledException)
        {
            // this object was destroyed
        }
        catch (OfferKitException e)
        {
            if ((e.Kind == ErrorKind.RateLimited || e.Kind == ErrorKind.Server) && e.RetryAfter.HasValue)
                _status = "Busy, try again in " + Mathf.CeilToInt((float)e.RetryAfter.Value.TotalSeconds) + " s";
            else if (e.Kind == ErrorKind.Rejected)
                _status = "The service refused the request (HTTP " + e.HttpStatus + "): check serviceUrl"; // HttpStatus: null when no response came
            else
                _status = "Could not load offers (" + e.KindName + "): " + e.Message;
        }
    }

    /// <summary>
    /// Asked by offerkit when it has no token, when it is about to expire, and after a 401;
    /// <paramref name="cancel"/> fires when nothing waits for the answer any more.
    /// </summary>
    private Task<string> FetchTokenAsync(TokenReason reason, CancellationToken cancel)
    {
        var answer = new TaskCompletionSource<string>();
        var request = new UnityWebRequest(tokenUrl, "POST") { downloadHandler = new DownloadHandlerBuffer() };
        request.SetRequestHeader("Authorization", "Bearer " + playerSession);
        CancellationTokenRegistration abort = cancel.Register(() => request.Abort());
        request.SendWebRequest().completed += _ =>
        {
            try
            {
                abort.Dispose();
                if (cancel.IsCancellationRequested)
                    answer.TrySetCanceled();
                else if (request.result != UnityWebRequest.Result.Success)
                    answer.TrySetException(new Exception("token request failed: " + request.error));
                else
                    answer.TrySetResult(Json.AsText(Json.Select(Json.Parse(request.downloadHandler.text), "access_token")));
            }
            catch (Exception e)
            {
                answer.TrySetException(e);
            }
            finally
            {
                request.Dispose();
            }
        };
        return answer.Task;
    }

    private void OnGUI()
    {
        GUILayout.Label(_status);
        if (GUILayout.Button("Refresh")) _ = Refresh();
        _scroll = GUILayout.BeginScrollView(_scroll);
        foreach (Offer offer in _offers)
        {
            // Typed fields are null when the selection leaves them out (OffersOptions.Selection).
            GUILayout.Label(offer.Name + (offer.TotalPayoutUsd.HasValue ? "  $" + offer.TotalPayoutUsd.Value.ToString("0.00") : ""));
            GUILayout.Label(offer.CreativeDescription);
            string clickUrl = offer.FieldText("links.click_url");
            if (clickUrl != null && GUILayout.Button("Open")) Application.OpenURL(clickUrl);
        }
        GUILayout.EndScrollView();
    }

    private void OnDestroy()
    {
        _destroyed.Cancel();
        if (_client != null) _client.Dispose(); // completes what is still running as cancelled
        _destroyed.Dispose();
    }
}
