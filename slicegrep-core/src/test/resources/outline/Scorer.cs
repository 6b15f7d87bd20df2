using System;
using System.Linq;

namespace Demo.Rank
{
    /// <summary>Weighs one term.</summary>
    public interface IWeigher
    {
        double Weigh(string term);
    }

    /// <summary>Scores chunks against a query.</summary>
    [Serializable]
    public class Scorer : IWeigher
    {
        private readonly double weight;

        public Scorer(double weight)
        {
            this.weight = weight;
        }

        /// <summary>Scores one query.</summary>
        [Obsolete("use Rank")]
        public double Score(
            string query,
            double boost)
        {
            Func<string, int> key = t => t.Length;
            double Normalise(double v)
            {
                return v / weight;
            }
            return Normalise(query.Split(' ').Sum(key)) * boost;
        }

        public double Weigh(string term) => term.Length;
    }

    public enum Mode { Fast, Slow }

    public record Hit(string File, int Line);
}
