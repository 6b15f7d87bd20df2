package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Type parameters never end up in names: definitions are found by their plain names. */
class GenericNamesTest {

  private static List<String> qualifiedNames(String file, String code) {
    return Outliners.standard().outline(Fixtures.text(file, code)).definitions().stream()
        .map(d -> d.kind().label() + " " + d.qualifiedName())
        .toList();
  }

  @Test
  void goGenericReceiver() {
    assertEquals(
        List.of("struct Stack", "method Stack.Push"),
        qualifiedNames(
            "stack.go",
            "package s\n\ntype Stack[T any] struct {\n\titems []T\n}\n\n"
                + "func (s *Stack[T]) Push(v T) {\n\ts.items = append(s.items, v)\n}\n"));
  }

  @Test
  void rustGenericImplForATrait() {
    assertEquals(
        List.of("impl Stack", "method Stack.fmt"),
        qualifiedNames(
            "stack.rs",
            "impl<T: Debug> fmt::Debug for Stack<T> {\n"
                + "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n"
                + "        Ok(())\n    }\n}\n"));
  }

  @Test
  void cppOutOfClassTemplateMethodAndOperator() {
    assertEquals(
        List.of("method Stack.pop", "method Stack.operator<<"),
        qualifiedNames(
            "stack.cpp",
            "template <typename T>\nT Stack<T>::pop() {\n  return items_.back();\n}\n\n"
                + "template <typename T>\nStack<T>& Stack<T>::operator<<(T v) {\n"
                + "  return *this;\n}\n"));
  }

  @Test
  void javaGenericMethodAndTypeScriptGenericFunction() {
    assertEquals(
        List.of("class Box", "method Box.map"),
        qualifiedNames(
            "Box.java",
            "class Box<T> {\n  <R> Box<R> map(Function<T, R> f) {\n    return null;\n  }\n}\n"));
    assertEquals(
        List.of("function first"),
        qualifiedNames("first.ts", "export function first<T>(xs: T[]): T {\n  return xs[0];\n}\n"));
  }
}
