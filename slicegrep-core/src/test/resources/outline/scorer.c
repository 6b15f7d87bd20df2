/* Scoring helpers used by the ranking stage. */
#include <string.h>

struct scorer {
    double weight;
};

typedef struct {
    int file;
    int line;
} hit;

/* Scores one query. */
double scorer_score(const struct scorer *s, const char *query, double boost);

static int compare(const void *a, const void *b);

/*
 * Scores one query.
 */
double
scorer_score(const struct scorer *s,
             const char *query,
             double boost)
{
    int (*cmp)(const void *, const void *) = compare;
    double total = (double) strlen(query);
    (void) cmp;
    return total / s->weight * boost;
}

static int compare(const void *a, const void *b)
{
    return *(const int *) a - *(const int *) b;
}

enum mode { FAST, SLOW };
