// PlayerIdTests.cs: the player-id helpers: the service's 1-255 character rule (counted in
// characters, also beyond the BMP), the conventions, and the short id, checked against SHA-256
// computed here, and the ids used against the simulator.
using System;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using OfferKit;

namespace OfferKit.Tests
{
    public static class PlayerIdTests
    {
        public static void ValidateCountsCharactersNotBytes()
        {
            PlayerId.Validate("player-1");
            PlayerId.Validate(new string('a', 255));
            string emoji = string.Concat(Enumerable.Repeat("\U0001F3AE", 255)); // 255 characters, 1020 UTF-8 bytes
            PlayerId.Validate(emoji);
            Check.True(PlayerId.IsValid(emoji), "255 emoji");
            OfferKitException e = Check.Throws(() => PlayerId.Validate(emoji + "x"), ErrorKind.InvalidArgument, "256 characters");
            Check.Equal("The player id field must not be greater than 255 characters.", e.MessagesFor("player_id")[0], "message");
            e = Check.Throws(() => PlayerId.Validate(""), ErrorKind.InvalidArgument, "empty");
            Check.Equal("The player id field is required.", e.MessagesFor("player_id")[0], "message");
            Check.True(!PlayerId.IsValid(""), "IsValid(\"\")");
            // The service agrees: 255 characters beyond the BMP are accepted, 256 refused before sending.
            using (OfferKitClient client = Program.Sim.Client())
            {
                Check.True(MainThread.Result(client.LinksAsync(emoji)).SupportPortal != null, "255 emoji at the service");
                Check.Equal(1L, Program.Sim.Stat("graphql"), "one request");
                Check.Fails(client.LinksAsync(emoji + "x"), ErrorKind.InvalidArgument, "256 emoji");
                Check.Equal(1L, Program.Sim.Stat("graphql"), "the 256-character id was not sent");
            }
        }

        public static void BadInputIsATypedError()
        {
            Check.Equal(OfferKitStatus.NullArgument, Check.Throws(() => PlayerId.Validate(null), ErrorKind.InvalidArgument, "null").Status, "status");
            Check.Equal(OfferKitStatus.InvalidUtf8, Check.Throws(() => PlayerId.Lint("a\uD800b"), ErrorKind.InvalidArgument, "lone surrogate").Status, "status");
            Check.Throws(() => PlayerId.Short("a\0b"), ErrorKind.InvalidArgument, "U+0000");
        }

        public static void LintReportsTheConventionsBroken()
        {
            Check.Equal(PlayerIdConventions.None, PlayerId.Lint("good_id-42"), "follows them all");
            PlayerIdConventions flags = PlayerId.Lint("Player.One 1");
            Check.Equal(PlayerIdConventions.Uppercase | PlayerIdConventions.Period | PlayerIdConventions.Space, flags, "flags");
            Check.Equal("uppercase,period,space", string.Join(",", PlayerId.ConventionNames(flags)), "names");
            Check.Equal("contains periods", PlayerId.Describe(PlayerIdConventions.Period)[0], "description");
            Check.Equal(PlayerIdConventions.OtherCharacter, PlayerId.Lint("élan"), "non-ASCII");
            Check.Equal("other_character", PlayerId.ConventionNames(PlayerIdConventions.OtherCharacter)[0], "name");
            // Conventions are advice: the service accepts such an id.
            using (OfferKitClient client = Program.Sim.Client())
                Check.Contains(MainThread.Result(client.LinksAsync("Player.One 1")).SupportPortal, "/support", "links for Player.One 1");
        }

        private static string Expected(string internalId)
        {
            using (SHA256 sha = SHA256.Create())
            {
                byte[] digest = sha.ComputeHash(Encoding.UTF8.GetBytes(internalId));
                return "p-" + string.Concat(digest.Take(16).Select(b => b.ToString("x2")));
            }
        }

        public static void ShortIsTheSha256PrefixAndFollowsTheConventions()
        {
            foreach (string internalId in new[] { "user@example.com", "Spieler Ünal #7", "玩家-42", "x" })
            {
                string id = PlayerId.Short(internalId);
                Check.Equal(Expected(internalId), id, "short id of " + internalId);
                Check.Equal(34, id.Length, "length");
                Check.Equal(PlayerIdConventions.None, PlayerId.Lint(id), "conventions");
                Check.Equal(id, PlayerId.Short(internalId), "stable");
            }
            using (OfferKitClient client = Program.Sim.Client())
                Check.True(MainThread.Result(client.OffersAsync(PlayerId.Short("user@example.com"))).Count > 0, "a short id gets offers");
        }
    }
}
