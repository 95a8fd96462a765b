#include <math.h>
#include "cshapes.h"

double cshapes_hypotenuse(double a, double b) {
    return sqrt(a * a + b * b);
}
