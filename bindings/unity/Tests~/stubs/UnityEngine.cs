// UnityEngine.cs: minimal stand-ins for the UnityEngine types the package's Unity-only code and
// its sample use, with the engine's signatures, so that code can be type-checked by mcs without
// Unity. Compile-time only: nothing here runs, and it proves nothing about the engine itself.
#pragma warning disable 67, 649
using System;

namespace AOT
{
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }
}

namespace UnityEngine
{
    [Flags]
    public enum HideFlags { None = 0, HideInHierarchy = 1, HideInInspector = 2, DontSaveInEditor = 4, NotEditable = 8, DontSaveInBuild = 16, DontUnloadUnusedAsset = 32, DontSave = 52, HideAndDontSave = 61 }

    public enum RuntimeInitializeLoadType { AfterSceneLoad = 0, BeforeSceneLoad = 1, AfterAssembliesLoaded = 2, BeforeSplashScreen = 3, SubsystemRegistration = 4 }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class RuntimeInitializeOnLoadMethodAttribute : Attribute
    {
        public RuntimeInitializeOnLoadMethodAttribute() { }
        public RuntimeInitializeOnLoadMethodAttribute(RuntimeInitializeLoadType loadType) { }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class AddComponentMenu : Attribute
    {
        public AddComponentMenu(string menuName) { }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class DefaultExecutionOrder : Attribute
    {
        public DefaultExecutionOrder(int order) { }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class SerializeField : Attribute { }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class TooltipAttribute : Attribute
    {
        public TooltipAttribute(string tooltip) { }
    }

    public class Object
    {
        public HideFlags hideFlags { get; set; }
        public static void DontDestroyOnLoad(Object target) { }
        public static void Destroy(Object obj) { }
    }

    public class Component : Object
    {
        public T GetComponent<T>() { return default(T); }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
    public sealed class RequireComponent : Attribute
    {
        public RequireComponent(Type requiredComponent) { }
    }

    public class Texture : Object { }

    public class Texture2D : Texture
    {
        public Texture2D(int width, int height) { }
    }

    public enum ScaleMode { StretchToFill = 0, ScaleAndCrop = 1, ScaleToFit = 2 }

    public class Behaviour : Component { }

    public class MonoBehaviour : Behaviour { }

    public sealed class GameObject : Object
    {
        public GameObject(string name) { }
        public T AddComponent<T>() where T : Component { return null; }
    }

    public static class Application
    {
        public static event Action quitting;
        public static void OpenURL(string url) { }
    }

    public static class Debug
    {
        public static void Log(object message) { }
        public static void LogWarning(object message) { }
        public static void LogError(object message) { }
    }

    public static class Mathf
    {
        public static int CeilToInt(float f) { return (int)Math.Ceiling(f); }
    }

    public struct Vector2
    {
        public float x, y;
    }

    public sealed class GUILayoutOption { }

    public static class GUILayout
    {
        public static void Label(string text, params GUILayoutOption[] options) { }
        public static bool Button(string text, params GUILayoutOption[] options) { return false; }
        public static Vector2 BeginScrollView(Vector2 scrollPosition, params GUILayoutOption[] options) { return scrollPosition; }
        public static void EndScrollView() { }
    }

}

namespace UnityEngine.UIElements
{
    public enum FlexDirection { Column = 0, ColumnReverse = 1, Row = 2, RowReverse = 3 }

    public struct StyleLength
    {
        public static implicit operator StyleLength(float v) { return new StyleLength(); }
    }

    public struct StyleFloat
    {
        public static implicit operator StyleFloat(float v) { return new StyleFloat(); }
    }

    public struct StyleEnum<T> where T : struct, IConvertible
    {
        public static implicit operator StyleEnum<T>(T v) { return new StyleEnum<T>(); }
    }

    public interface IStyle
    {
        StyleLength width { get; set; }
        StyleLength height { get; set; }
        StyleLength marginRight { get; set; }
        StyleLength marginBottom { get; set; }
        StyleFloat flexGrow { get; set; }
        StyleFloat flexShrink { get; set; }
        StyleEnum<FlexDirection> flexDirection { get; set; }
    }

    public class VisualElement
    {
        public IStyle style { get { return null; } }
        public string tooltip { get; set; }
        public void Add(VisualElement child) { }
        public void Clear() { }
        public void AddToClassList(string className) { }
        public void SetEnabled(bool value) { }
    }

    public class TextElement : VisualElement
    {
        public virtual string text { get; set; }
    }

    public class Label : TextElement
    {
        public Label() { }
        public Label(string text) { }
    }

    public class Button : TextElement
    {
        public Button() { }
        public Button(Action clickEvent) { }
    }

    public class Image : VisualElement
    {
        public Texture image { get; set; }
        public ScaleMode scaleMode { get; set; }
    }

    public class ScrollView : VisualElement
    {
        public ScrollView() { }
    }

    public sealed class UIDocument : MonoBehaviour
    {
        public VisualElement rootVisualElement { get { return null; } }
    }
}
