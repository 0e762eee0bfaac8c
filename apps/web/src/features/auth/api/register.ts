// Create an account and its organization (POST /api/auth/register); the user then signs in.
import type { RegisterBody, User, UserResponse } from "@rampart/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";

export async function register(body: RegisterBody): Promise<User> {
  const response = await apiSend<UserResponse | undefined>("POST", "/api/auth/register", body);
  if (!response?.user) throw new Error("Registration failed");
  return response.user;
}

export function useRegister() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      toast({ title: "Account created", description: "Please sign in with your credentials" });
      navigate("/login");
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Registration failed",
        description: serverErrorMessage(error) ?? "Please try again",
      });
    },
  });
}
