// FieldConversion.cs: reads a parsed JSON value (see Json.Parse: Dictionary<string, object>,
// List<object>, string, long, double, bool or null) as the T of Field<T>: the value itself when
// it already is a T (object, string, bool, long, double, the containers and their interfaces),
// numbers as any numeric type that holds them exactly, null as any nullable type. Anything else
// is a FieldTypeException naming the field, the type asked for and the JSON type found.
using System;
using System.Collections.Generic;
using System.Globalization;

namespace OfferKit.Interop
{
    internal static class FieldConversion
    {
        /// <summary>The value as T; throws FieldTypeException when it cannot be one.</summary>
        internal static T To<T>(string path, object value)
        {
            T converted;
            string why;
            if (TryTo(value, out converted, out why)) return converted;
            throw new FieldTypeException(path, typeof(T), JsonTypeOf(value), why);
        }

        internal static bool TryTo<T>(object value, out T converted, out string why)
        {
            converted = default(T);
            why = null;
            Type type = typeof(T);
            Type underlying = Nullable.GetUnderlyingType(type);
            if (value == null)
                return !type.IsValueType || underlying != null; // null for a reference or Nullable<> type
            if (value is T)
            {
                converted = (T)value;
                return true;
            }
            Type target = underlying ?? type;
            object number;
            if ((value is long || value is double) && TryNumber(value, target, out number, out why))
            {
                converted = (T)number;
                return true;
            }
            return false;
        }

        private static bool TryNumber(object value, Type target, out object number, out string why)
        {
            number = null;
            why = null;
            if (value is double)
            {
                double d = (double)value;
                if (target == typeof(double)) number = d;
                else if (target == typeof(float)) number = (float)d;
                else if (target == typeof(decimal))
                {
                    if (Math.Abs(d) > (double)decimal.MaxValue) return Fail("out of range", out why);
                    number = (decimal)d;
                }
                else if (IsInteger(target))
                {
                    if (Math.Floor(d) != d) return Fail("not a whole number", out why);
                    if (d < -9.2233720368547758E+18 || d >= 9.2233720368547758E+18) return Fail("out of range", out why);
                    return Integer((long)d, target, out number, out why);
                }
                return number != null;
            }
            long l = (long)value;
            if (target == typeof(double)) number = (double)l;
            else if (target == typeof(float)) number = (float)l;
            else if (target == typeof(decimal)) number = (decimal)l;
            else if (IsInteger(target)) return Integer(l, target, out number, out why);
            return number != null;
        }

        private static bool IsInteger(Type t)
        {
            return t == typeof(int) || t == typeof(long) || t == typeof(short) || t == typeof(byte) ||
                   t == typeof(sbyte) || t == typeof(uint) || t == typeof(ulong) || t == typeof(ushort);
        }

        private static bool Integer(long l, Type target, out object number, out string why)
        {
            number = null;
            why = null;
            try
            {
                number = Convert.ChangeType(l, target, CultureInfo.InvariantCulture);
                return true;
            }
            catch (OverflowException)
            {
                return Fail("out of range", out why);
            }
        }

        private static bool Fail(string reason, out string why)
        {
            why = reason;
            return false;
        }

        internal static string JsonTypeOf(object value)
        {
            if (value == null) return "null";
            if (value is string) return "a string";
            if (value is long) return "an integer";
            if (value is double) return "a number";
            if (value is bool) return "a boolean";
            if (value is Dictionary<string, object>) return "an object";
            if (value is List<object>) return "an array";
            return value.GetType().Name;
        }
    }
}
