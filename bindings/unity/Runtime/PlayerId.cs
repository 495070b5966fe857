// PlayerId.cs: the player-id helpers of every offerkit binding: the service's one rule (1 to 255
// characters), the platform's conventions (advice only), and a stable short id derived from any
// internal identifier (the same answer in every language).
using System;
using System.Collections.Generic;
using OfferKit.Interop;

namespace OfferKit
{
    /// <summary>Conventions a player id breaks (flags; the service still accepts such ids).</summary>
    [Flags]
    public enum PlayerIdConventions
    {
        None = 0,
        /// <summary>Contains uppercase letters.</summary>
        Uppercase = 1,
        /// <summary>Contains periods.</summary>
        Period = 2,
        /// <summary>Contains white space.</summary>
        Space = 4,
        /// <summary>Contains other characters than lowercase ASCII letters, digits, '-', '_'.</summary>
        OtherCharacter = 8,
    }

    public static class PlayerId
    {
        private static readonly PlayerIdConventions[] Each =
        {
            PlayerIdConventions.Uppercase, PlayerIdConventions.Period, PlayerIdConventions.Space, PlayerIdConventions.OtherCharacter,
        };

        /// <summary>Throws OfferKitException (InvalidArgument, with the service's message on "player_id") unless the id is 1 to 255 characters.</summary>
        public static void Validate(string playerId)
        {
            using (var strings = new NativeStrings())
            {
                IntPtr error = IntPtr.Zero;
                OfferKitClient.Check(NativeMethods.offerkit_player_id_validate(strings.Add(playerId, "player_id"), ref error), error);
            }
        }

        /// <summary>Whether the service accepts the id (see Validate for the reason when not).</summary>
        public static bool IsValid(string playerId)
        {
            try
            {
                Validate(playerId);
                return true;
            }
            catch (OfferKitException)
            {
                return false;
            }
        }

        /// <summary>The conventions the id breaks (None: it follows them all).</summary>
        public static PlayerIdConventions Lint(string playerId)
        {
            using (var strings = new NativeStrings())
            {
                uint flags;
                IntPtr error = IntPtr.Zero;
                OfferKitClient.Check(NativeMethods.offerkit_player_id_lint(strings.Add(playerId, "player_id"), out flags, ref error), error);
                return (PlayerIdConventions)flags;
            }
        }

        /// <summary>The stable names of the broken conventions ("uppercase", "period", "space", "other_character").</summary>
        public static IReadOnlyList<string> ConventionNames(PlayerIdConventions conventions)
        {
            var names = new List<string>();
            foreach (PlayerIdConventions flag in Each)
                if ((conventions & flag) != 0) names.Add(Utf8.FromNative(NativeMethods.offerkit_player_id_convention_name((uint)flag)));
            return names;
        }

        /// <summary>A sentence for each broken convention (e.g. "contains periods").</summary>
        public static IReadOnlyList<string> Describe(PlayerIdConventions conventions)
        {
            var sentences = new List<string>();
            foreach (PlayerIdConventions flag in Each)
                if ((conventions & flag) != 0) sentences.Add(Utf8.FromNative(NativeMethods.offerkit_player_id_convention_describe((uint)flag)));
            return sentences;
        }

        /// <summary>
        /// A stable, valid, convention-following id for any internal identifier: "p-" and 32
        /// lowercase hex digits of SHA-256 over its UTF-8 bytes (the same in every binding).
        /// </summary>
        public static string Short(string internalId)
        {
            using (var strings = new NativeStrings())
            {
                IntPtr id = IntPtr.Zero;
                IntPtr error = IntPtr.Zero;
                OfferKitClient.Check(NativeMethods.offerkit_player_id_short(strings.Add(internalId, "internal_id"), ref id, ref error), error);
                return Utf8.TakeOwned(Tracking.Took(id));
            }
        }
    }
}
