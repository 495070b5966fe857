// OfferListWithIcons.cs: an offer list a game could ship, in UI Toolkit: each offer's creative
// icon (downloaded once, with a placeholder while loading and an error icon when it fails), name,
// payout and description, and a button that opens the offer's tracking URL for this player. The
// access token comes from your backend when offerkit asks for one (and its request is aborted when
// nothing waits for it any more). Add it to a GameObject with a UIDocument (any PanelSettings).
using System;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;
using UnityEngine;
using UnityEngine.Networking;
using UnityEngine.UIElements;

[RequireComponent(typeof(UIDocument))]
public sealed class OfferListWithIcons : MonoBehaviour
{
    [SerializeField] private string serviceUrl = "https://offers.example.com";
    [Tooltip("Your backend's token endpoint (see examples/token-broker): POST with the player's session, answers {\"access_token\": ...}.")]
    [SerializeField] private string tokenUrl = "https://backend.example.com/offer-token";
    [SerializeField] private string playerSession = "session-of-the-signed-in-player";
    [Tooltip("Your own id of the player; sent as PlayerId.Short(...) so it follows the service's conventions.")]
    [SerializeField] private string internalPlayerId = "player-42";
    [SerializeField] private int limit = 20;
    [Tooltip("Shown while an icon loads, and for offers without one. Optional.")]
    [SerializeField] private Texture2D placeholderIcon;
    [Tooltip("Shown when an icon cannot be loaded. Optional (the placeholder then).")]
    [SerializeField] private Texture2D brokenIcon;
    [SerializeField] private float iconSize = 64;

    private readonly CancellationTokenSource _destroyed = new CancellationTokenSource();
    private OfferKitClient _client;
    private OfferIconCache _icons;
    private Label _status;
    private Button _refresh;
    private ScrollView _list;
    private string _playerId;

    private void Awake()
    {
        _playerId = PlayerId.Short(internalPlayerId);
        _icons = new OfferIconCache(placeholderIcon, brokenIcon);
        OfferKitLog.SetHandler((level, message) => Debug.LogWarning(message), LogLevel.Warn);
        _client = new OfferKitClient(new OfferKitClientOptions(serviceUrl)
        {
            TokenProvider = FetchTokenAsync,
            // The most a refresh takes, retries and Retry-After waits included.
            Deadline = TimeSpan.FromSeconds(10),
        });
    }

    private void OnEnable()
    {
        VisualElement root = GetComponent<UIDocument>().rootVisualElement;
        root.Clear();
        _status = new Label("Loading offers...");
        _refresh = new Button(() => _ = Refresh()) { text = "Refresh" };
        _list = new ScrollView();
        _list.style.flexGrow = 1;
        root.Add(_status);
        root.Add(_refresh);
        root.Add(_list);
    }

    private async void Start()
    {
        await Refresh();
    }

    private async Task Refresh()
    {
        _status.text = "Loading offers...";
        _refresh.SetEnabled(false);
        try
        {
            // Completes on the main thread (the OfferKit runner polls in Update): safe to touch the UI.
            OfferList offers = await _client.OffersAsync(_playerId, new OffersOptions
            {
                Limit = limit,
                Sort = OfferSort.EpcDescending,
                Select = "creatives { icon_url } links { click_url }",
            }, _destroyed.Token);
            _list.Clear();
            foreach (Offer offer in offers) _list.Add(Row(offer));
            _status.text = offers.Count == 0 ? "No offers right now" : offers.Count + " offers" + (offers.IsStale ? " (offline: saved earlier)" : "");
            // Offers the service sent malformed are left out, not fatal; worth a warning in your logs.
            foreach (SkippedItem skipped in offers.Skipped)
                Debug.LogWarning("offer " + (skipped.Id ?? "#" + skipped.Index) + " left out: " + skipped.Reason);
        }
        catch (OperationCanceledException)
        {
            return; // this object was destroyed
        }
        catch (OfferKitException e)
        {
            _status.text = Describe(e);
        }
        _refresh.SetEnabled(true);
    }

    private static string Describe(OfferKitException e)
    {
        if ((e.Kind == ErrorKind.RateLimited || e.Kind == ErrorKind.Server) && e.RetryAfter.HasValue)
            return "Busy, try again in " + Mathf.CeilToInt((float)e.RetryAfter.Value.TotalSeconds) + " s";
        if (e.Kind == ErrorKind.Network || e.Kind == ErrorKind.Timeout)
            return "No connection to the offer service. Try again later.";
        if (e.HttpStatus.HasValue)
            return "Could not load offers (" + e.KindName + ", HTTP " + e.HttpStatus.Value + ")";
        return "Could not load offers (" + e.KindName + "): " + e.Message;
    }

    private VisualElement Row(Offer offer)
    {
        var row = new VisualElement();
        row.style.flexDirection = FlexDirection.Row;
        row.style.marginBottom = 8;

        var icon = new Image { scaleMode = ScaleMode.ScaleToFit };
        icon.style.width = iconSize;
        icon.style.height = iconSize;
        icon.style.flexShrink = 0;
        icon.style.marginRight = 8;
        // Typed: a missing icon (the service may leave it out) is a placeholder, not an error.
        string iconUrl;
        _icons.Show(icon, offer.TryGetField("creatives.icon_url", out iconUrl) ? iconUrl : null);
        row.Add(icon);

        var text = new VisualElement();
        text.style.flexGrow = 1;
        // Typed fields are null when the selection leaves them out (OffersOptions.Selection).
        text.Add(new Label(offer.Name ?? offer.CreativeName ?? "Offer"));
        if (offer.TotalPayoutUsd.HasValue)
            text.Add(new Label("$" + offer.TotalPayoutUsd.Value.ToString("0.00", CultureInfo.InvariantCulture)));
        if (!string.IsNullOrEmpty(offer.CreativeDescription)) text.Add(new Label(offer.CreativeDescription));
        row.Add(text);

        string clickUrl;
        if (offer.TryGetField("links.click_url", out clickUrl) && !string.IsNullOrEmpty(clickUrl))
            row.Add(new Button(() => Open(clickUrl)) { text = "Open" });
        return row;
    }

    private void Open(string offerClickUrl)
    {
        try
        {
            // Sets player_id to exactly this player's id, so the reward reaches them.
            Application.OpenURL(Click.Url(offerClickUrl, _playerId).Url);
        }
        catch (OfferKitException e)
        {
            Debug.LogWarning("cannot open the offer: " + e.Message);
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

    private void OnDestroy()
    {
        _destroyed.Cancel();
        if (_client != null) _client.Dispose(); // completes what is still running as cancelled
        if (_icons != null) _icons.Dispose();
        _destroyed.Dispose();
    }
}
