#ifndef CSHAPES_H
#define CSHAPES_H
/// The length of the hypotenuse of a right triangle with sides `a` and `b`.
double cshapes_hypotenuse(double a, double b);
#endif
