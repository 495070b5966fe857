// ClickTests.cs: Click.Url, the tracking URL of an offer for one player: the player id set
// exactly, convention breaks reported, no URL without a valid id.
using OfferKit;

namespace OfferKit.Tests
{
    public static class ClickTests
    {
        public static void SetsExactlyThePlayer()
        {
            ClickUrl built = Click.Url("https://t.example/click/7?player_id=old&sub=1", "p-1");
            Check.Equal("https://t.example/click/7?sub=1&player_id=p-1", built.Url, "url");
            Check.Equal("https://t.example/c?a=1&b=2&player_id=p-1#top",
                Click.Url("https://t.example/c?a=1&player_id=x&&b=2&player_id=y#top", "p-1").Url,
                "every player_id goes, the id is appended last, the rest keeps its order");
            Check.Equal(PlayerIdConventions.None, built.Warnings, "warnings");
            built = Click.Url("https://t.example/click/7", "Player One");
            Check.Equal("https://t.example/click/7?player_id=Player+One", built.Url, "form-encoded");
            Check.Equal(PlayerIdConventions.Uppercase | PlayerIdConventions.Space, built.Warnings, "warnings");
        }

        public static void RefusesAClickWithoutAValidPlayer()
        {
            OfferKitException e = Check.Throws(() => Click.Url("https://t.example/click/7", ""), ErrorKind.InvalidArgument, "empty id");
            Check.Equal("The player id field is required.", e.MessagesFor("player_id")[0], "message");
            Check.Throws(() => Click.Url("https://t.example/click/7", new string('x', 256)), ErrorKind.InvalidArgument, "256 characters");
            Check.Throws(() => Click.Url("not a url", "p-1"), ErrorKind.InvalidArgument, "bad url");
            Check.Throws(() => Click.Url(null, "p-1"), ErrorKind.InvalidArgument, "null url");
        }
    }
}
