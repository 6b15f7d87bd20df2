package io.github.slicegrep.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.FileMap;
import io.github.slicegrep.source.SourceFile;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One fixture per parser-backed language, each with a class (or module, type class) and methods,
 * a nested function, decorators or annotations and doc comments, a multi-line signature and a
 * lambda or closure.
 */
class TreeSitterOutlinerTest {

  /**
   * What the outline of one fixture must say.
   *
   * @param file the fixture
   * @param bodyLine a line inside a method body (inside a lambda where the fixture has one there)
   * @param start first line of the smallest definition enclosing it, with annotations and docs
   * @param end its last line, closing brace or {@code end} included
   * @param name its simple name
   * @param qualifiedName its qualified name
   * @param declarationLines lines of declarations without a body (prototypes, abstract methods)
   * @param map the file map
   */
  record Case(
      String file,
      int bodyLine,
      int start,
      int end,
      String name,
      String qualifiedName,
      List<Integer> declarationLines,
      String map) {
    @Override
    public String toString() {
      return file;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("scorer.py", 26, 17, 28, "score", "Scorer.score", List.of(), """
             5  def _cache(fn):
             7    def wrapper(*args):
            12  class Scorer:
            18    def score(
            24      def normalise(value):
            31    def reset():
            35  async def fetch(url):
            """),
        new Case("Scorer.java", 25, 16, 32, "score", "Scorer.score", List.of(35, 39), """
            10  public class Scorer {
            14    public Scorer() {}
            21    public double score(
            34    interface Weigher {
            35      double weigh(String term);
            38    abstract static class Base {
            39      abstract int size();
            41      void touch() {
            44        public void run() {}
            50    enum Mode { FAST, SLOW }
            52    record Hit(String file, int line) {}
            """),
        new Case("scorer.js", 20, 12, 22, "score", "Scorer.score", List.of(), """
             7  export class Scorer {
             8    constructor(weight) {
            13    score(
            17      function normalise(value) {
            24    static reset() {}
            27  export const tokenize = (text) => {
            31  export default function main(argv) {
            35  function* ids() {
            """),
        new Case("scorer.ts", 27, 19, 29, "score", "Scorer.score", List.of(5, 31, 43), """
             4  export interface Weigher {
             5    weigh(term: string): number;
            12  export abstract class Scorer implements Weigher {
            15    constructor(weight: number) {
            20    score(
            24      const normalise = (value: number): number => {
            31    abstract weigh(term: string): number;
            34  export enum Mode {
            39  export function tokenize(text: string): string[] {
            43  declare function external(x: number): void;
            45  namespace Util {
            46    export const twice = (n: number) => n * 2;
            """),
        new Case("Scorer.tsx", 12, 11, 13, "onClick", "ScoreView.onClick", List.of(), """
             3  interface Props {
             8  export function ScoreView(
            11    const onClick = () => {
            14    function label(q: string) {
            24  export class Panel extends React.Component<Props> {
            25    render() {
            30  export const Badge = ({ text }: { text: string }) => <span>{text}</span>;
            """),
        new Case("scorer.go", 22, 16, 29, "Score", "Scorer.Score", List.of(8), """
             7  type Weigher interface {
             8    Weigh(term string) float64
            12  type Scorer struct {
            17  func (s *Scorer) Score(
            32  func NewScorer(weight float64) *Scorer {
            38  Hit  struct {
            """),
        new Case("scorer.rs", 30, 20, 33, "score", "Scorer.score", List.of(6), """
             5  pub trait Weigher {
             6    fn weigh(&self, term: &str) -> f64;
             8    fn twice(&self, term: &str) -> f64 {
            15  pub struct Scorer {
            19  impl Scorer {
            22    pub(crate) fn score(
            27      fn normalise(v: f64, w: f64) -> f64 {
            36  impl Weigher for Scorer {
            37    fn weigh(&self, term: &str) -> f64 {
            42  pub enum Mode {
            47  mod tests {
            48    fn helper() -> u32 {
            """),
        new Case("scorer.c", 27, 18, 30, "scorer_score", "scorer_score", List.of(14, 16), """
             4  struct scorer {
             8  typedef struct {
            14  double scorer_score(const struct scorer *s, const char *query, double boost);
            16  static int compare(const void *a, const void *b);
            22  scorer_score(const struct scorer *s,
            32  static int compare(const void *a, const void *b)
            37  enum mode { FAST, SLOW };
            """),
        new Case("scorer.cpp", 29, 24, 32, "score", "rank.Scorer.score", List.of(12, 14), """
             5  namespace rank {
             8    class Scorer {
            10      explicit Scorer(double weight) : weight_(weight) {}
            12      double score(const std::string& query, double boost) const;
            14      virtual double weigh(const std::string& term) const = 0;
            16      int size() const {
            25    double Scorer::score(
            35    T twice(T value) {
            39    struct Hit {
            """),
        new Case("Scorer.cs", 29, 23, 35, "Score", "Demo.Rank.Scorer.Score", List.of(9), """
             4  namespace Demo.Rank
             7    public interface IWeigher
             9      double Weigh(string term);
            14    public class Scorer : IWeigher
            18      public Scorer(double weight)
            25      public double Score(
            30        double Normalise(double v)
            37      public double Weigh(string term) => term.Length;
            40    public enum Mode { Fast, Slow }
            42    public record Hit(string File, int Line);
            """),
        new Case("scorer.rb", 18, 13, 21, "score", "Rank.Scorer.score", List.of(), """
             4  module Rank
             6    class Scorer
             9      def initialize(weight)
            14      def score(query,
            23      def self.build
            29  def helper(x)
            """),
        new Case("Scorer.php", 24, 17, 29, "score", "Scorer.score", List.of(6, 39), """
             4  interface Weigher
             6    public function weigh(string $term): float;
            13  class Scorer implements Weigher
            20    public function score(
            31    public function weigh(string $term): float
            37  trait Loggable
            39    abstract public function name(): string;
            42  function helper($x)
            """),
        new Case("Scorer.kt", 22, 16, 27, "score", "Scorer.score", List.of(7), """
             6  interface Weigher {
             7    fun weigh(term: String): Double
            14  class Scorer(private val weight: Double) : Weigher {
            18    fun score(
            23      fun normalise(v: Double): Double {
            29    override fun weigh(term: String): Double = term.length.toDouble()
            31    companion object {
            32      fun build(): Scorer = Scorer(2.0)
            36  object Registry {
            37    fun lookup(name: String): Scorer? = null
            40  enum class Mode { FAST, SLOW }
            42  fun helper(x: Int): Int {
            """),
        new Case("scorer.sh", 11, 5, 12, "score", "score", List.of(), """
             6  score() {
             8    normalise() {
            14  function usage {
            19  main() {
            """),
        new Case("Scorer.scala", 24, 16, 26, "score", "Scorer.score", List.of(7), """
             6  trait Weigher {
             7    def weigh(term: String): Double
            14  class Scorer(weight: Double) extends Weigher {
            18    def score(
            22      def normalise(v: Double): Double =
            28    override def weigh(term: String): Double = term.length.toDouble
            31  object Registry {
            32    def lookup(name: String): Option[Scorer] = None
            35  case class Hit(file: String, line: Int)
            37  enum Mode {
            41  def helper(x: Int): Int = {
            """),
        new Case("Scorer.swift", 26, 17, 28, "score", "Scorer.score", List.of(5), """
             4  protocol Weigher {
             5    func weigh(_ term: String) -> Double
            10  final class Scorer: Weigher {
            13    init(weight: Double) {
            19    func score(
            23      func normalise(_ v: Double) -> Double {
            30    func weigh(_ term: String) -> Double { Double(term.count) }
            33  struct Hit {
            38  extension Scorer {
            39    static func build() -> Scorer { Scorer(weight: 2) }
            42  enum Mode { case fast, slow }
            44  func helper(x: Int) -> Int {
            """),
        new Case("scorer.ex", 15, 8, 17, "score", "Scorer.score", List.of(31), """
             1  defmodule Demo.Rank.Scorer do
            12    def score(%__MODULE__{weight: weight}, query, boost \\\\ 1.0)
            19    defp normalise(v, weight), do: v / weight
            21    defmacro twice(x) do
            25    defmodule Registry do
            26      def lookup(_name), do: nil
            30  defprotocol Demo.Weigher do
            31    def weigh(weigher, term)
            """),
        new Case("Scorer.hs", 25, 20, 28, "score", "score", List.of(10), """
             9  class Weigher a where
            10    weigh :: a -> String -> Double
            13  data Scorer = Scorer
            17  instance Weigher Scorer where
            18    weigh s term = fromIntegral (length term) * weight s
            22  score :: Scorer
            27    normalise t =
            30  helper :: Int -> Int
            34  newtype Name = Name String
            36  main :: IO ()
            """),
        new Case("scorer.dart", 23, 15, 24, "score", "Scorer.score", List.of(5), """
             4  abstract class Weigher {
             5    double weigh(String term);
            10  class Scorer implements Weigher {
            13    Scorer(this.weight);
            17    double score(
            21      double normalise(double v) => v / weight;
            27    double weigh(String term) =>
            31  mixin Loggable {
            32    void log(String message) {
            37  extension Twice on int {
            38    int twice() => this * 2;
            41  enum Mode { fast, slow }
            43  int helper(int x) {
            """),
        new Case("scorer.ml", 18, 12, 19, "score", "Scorer.score", List.of(5), """
             4  module type WEIGHER = sig
             5    val weigh : string -> float
             9  module Scorer = struct
            13    let score t
            16      let normalise v = v /. t.weight in
            22  let rec even n = if n = 0 then true else odd (n - 1)
            23  and odd n = if n = 0 then false else even (n - 1)
            25  let helper = function
            """));
  }

  private static Outline outline(SourceFile file) {
    return Outliners.standard().outline(file);
  }

  @ParameterizedTest
  @MethodSource("cases")
  void smallestEnclosingDefinitionOfABodyLineIsTheWholeMethodWithItsDocsAndAnnotations(Case c) {
    Definition d = outline(Fixtures.load(c.file())).enclosing(c.bodyLine()).orElseThrow();
    assertEquals(
        List.of(c.start(), c.end(), c.name(), c.qualifiedName()),
        List.of(d.startLine(), d.endLine(), d.name(), d.qualifiedName()));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void fileMapListsEveryDefinitionAtItsNamingLineIndentedByNesting(Case c) {
    assertEquals(c.map(), FileMap.of(Fixtures.load(c.file())).render());
  }

  @ParameterizedTest
  @MethodSource("cases")
  void definitionIsFoundByNameWithItsHeaderOnTheLineThatNamesIt(Case c) {
    SourceFile file = Fixtures.load(c.file());
    Outline outline = outline(file);
    Definition expected = outline.enclosing(c.bodyLine()).orElseThrow();
    List<Definition> named = outline.named(c.name());
    assertTrue(named.contains(expected), () -> named + " lacks " + expected);
    assertTrue(
        file.line(expected.headerLine()).contains(c.name()),
        () -> "header line " + expected.headerLine() + " does not name " + c.name());
    assertTrue(
        outline.definitions().stream().anyMatch(d -> d.headerLine() == expected.headerLine()));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void onlyBodilessDeclarationsAreDeclarationOnly(Case c) {
    Outline outline = outline(Fixtures.load(c.file()));
    for (Definition d : outline.definitions()) {
      assertEquals(
          c.declarationLines().contains(d.headerLine()),
          d.declarationOnly(),
          () -> d + " in " + c.file());
    }
    for (int line : c.declarationLines()) {
      assertTrue(outline.isDeclarationOnly(line), () -> "line " + line);
    }
    assertFalse(outline.isDeclarationOnly(c.bodyLine()));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void fixtureOutlineComesFromTheParserAloneWithoutFallback(Case c) {
    SourceFile file = Fixtures.load(c.file());
    Grammar grammar = new Grammars().forLanguage(file.language()).orElseThrow();
    Outliner failing = f -> {
      throw new AssertionError("fallback consulted for " + f);
    };
    assertEquals(
        outline(file).definitions(),
        TreeSitterOutliner.parse(grammar, file, failing).orElseThrow().definitions());
  }
}
